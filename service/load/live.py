#!/usr/bin/env python3
"""Live games at scale (issue 39), on loopback only, bounded in time.

N live games on several `songo serve` sharing one PostgreSQL archive
(service/load/live.sh starts them), each entering a legal move every
INTERVAL seconds (the legal moves asked of /v1/moves: the rules live in the
engine only), M spectators' event streams spread over the servers, each
client from a loopback address of its own (127.0.0.2...). With a server's
pid given, it is killed (`kill -9`) mid-run: its keepers and spectators move
to another server, a keeper retrying its move with the same ply. As clients
behind a load balancer or DNS would, those of one server spread over the
others (LIVE_FAILOVER=next sends them all to the next one instead), and a
spectator waits before following again the `retry:` time its stream last
sent, as a browser's EventSource does (at once if none).

Prints the moves' acknowledgement (from the post to its 200) and the
spectators' reception (from the post to the event's arrival) p50 and p99,
before the kill and from it on (all moves, then the retried ones, whose
first send failed, and the others apart), the errors, and, read back from a surviving
server afterwards, every acknowledged move missing from its game (lost).

Environment: LIVE_SERVERS (host:port,...), LIVE_TOKEN (a write token),
LIVE_GAMES (100), LIVE_SPECTATORS (500), LIVE_SECONDS (60), LIVE_INTERVAL_MS
(5000), LIVE_PROCESSES (4: the spectators split over processes),
LIVE_KEEPER_PROCESSES (2: the keepers split over processes of their own,
as phones are not the spectators' machines: a keeper's move does not wait
in one event loop behind hundreds of streams reconnecting), LIVE_SOURCES (100 loopback addresses),
LIVE_KILL_PID, LIVE_KILL_INDEX (0), LIVE_KILL_AT (half the run, seconds),
LIVE_SERVER_PIDS (pid,...: their CPU time over the run is printed, beside
the harness's own and the whole machine's), LIVE_FAILOVER (spread).

Each process's own event loop is timed too (a 10 ms sleep's lateness, its
lag): the harness, on the same cores, could delay what it measures.

Needs Linux (any 127.x.y.z address is the loopback).
"""

import asyncio
import json
import multiprocessing
import os
import random
import resource
import subprocess
import sys
import time


def setting(name, default):
    return int(os.environ.get(name, default))


SERVERS = [
    (s.split(":")[0], int(s.split(":")[1]))
    for s in os.environ.get("LIVE_SERVERS", "127.0.0.1:8080").split(",")
]
TOKEN = os.environ.get("LIVE_TOKEN", "")
GAMES = setting("LIVE_GAMES", 100)
SPECTATORS = setting("LIVE_SPECTATORS", 500)
SECONDS = setting("LIVE_SECONDS", 60)
INTERVAL = setting("LIVE_INTERVAL_MS", 5000) / 1000
PROCESSES = setting("LIVE_PROCESSES", 4)
KEEPER_PROCESSES = setting("LIVE_KEEPER_PROCESSES", 2)
SOURCES = setting("LIVE_SOURCES", 100)
KILL_PID = os.environ.get("LIVE_KILL_PID")
KILL_INDEX = setting("LIVE_KILL_INDEX", 0)
KILL_AT = setting("LIVE_KILL_AT", SECONDS // 2)
SERVER_PIDS = [p for p in os.environ.get("LIVE_SERVER_PIDS", "").split(",") if p]
TICK = os.sysconf("SC_CLK_TCK")
STORM = 5  # seconds after the kill whose servers' CPU is printed
FAILOVER = os.environ.get("LIVE_FAILOVER", "spread")
PROBE = 0.01  # seconds between the loop lag probe's wake-ups


def cpu_of(pid):
    """A process's CPU time so far (user + system), seconds; 0 once gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def postgres_cpu():
    """The CPU time of every PostgreSQL process so far (the ended ones in
    their parent's), seconds: this harness's share and any other user's."""
    total = 0.0
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat") as f:
                comm, _, rest = f.read().partition(") ")
            if not comm.endswith("(postgres"):
                continue
            fields = rest.split()
            total += sum(int(x) for x in fields[11:15]) / TICK
        except (OSError, ValueError):
            continue
    return total


def machine_cpu():
    """The whole machine's busy CPU time so far (every process), seconds."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / TICK


class Run:
    """One process's share: its boards, their numbers."""

    def __init__(self, worker, killed_at, game_ids):
        self.worker = worker
        self.killed_at = killed_at  # a shared double: the kill's time.time()
        # Shared: each board's current game id (its 16 hex digits as a
        # number; 0 before its first game), set by its keeper's process.
        self.game_ids = game_ids
        self.acks = []  # (sent, seconds, retried)
        self.arrivals = []  # (game, ply, time.time()) of the moves' events
        self.lags = []  # (time.time(), seconds late) of the loop lag probe
        # The retried moves' time apart: (sent, until the failure was
        # seen, opening the new connection, the request on it).
        self.retry_parts = []
        self.retried = set()  # (game, ply) of the moves whose first send failed
        self.errors = {}
        self.retries = 0
        self.reconnects = 0
        self.sent = {}  # (game, ply) -> time.time() of the first send
        self.acked = {}  # game -> [moves]
        self.boards = {}  # board -> current game id, in a keeper's process
        self.open_streams = 0
        self.stop = False
        self.source = 0

    def game_of(self, board):
        """The board's current game id, None before its first."""
        n = self.game_ids[board]
        return f"{n:016x}" if n else None

    async def board_changed(self, board, game):
        """Waits till the board has a game other than `game`."""
        while self.game_of(board) == game and not self.stop:
            await asyncio.sleep(0.25)

    def error(self, what):
        self.errors[what] = self.errors.get(what, 0) + 1

    def address(self):
        self.source += 1
        n = (self.worker * 7919 + self.source) % SOURCES
        return f"127.0.{2 + n // 250}.{2 + n % 250}"

    def next_server(self, index, who):
        """The server client `who` tries once `index` failed: the next one,
        or (spread) one of the others picked by `who`; the killed server
        skipped once known."""
        if FAILOVER == "next":
            nxt = (index + 1) % len(SERVERS)
            if self.killed_at.value and nxt == KILL_INDEX:
                nxt = (nxt + 1) % len(SERVERS)
            return nxt
        others = [s for s in range(len(SERVERS))
                  if s != index and not (self.killed_at.value and s == KILL_INDEX)]
        return others[who % len(others)] if others else index


class Connection:
    """A keep-alive HTTP/1.1 connection."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @staticmethod
    async def open(run, server):
        host, port = SERVERS[server]
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, local_addr=(run.address(), 0)), 5
        )
        return Connection(reader, writer)

    def close(self):
        self.writer.close()

    async def head(self, method, path, body=b"", bearer=None, last_event=None):
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
        if body:
            lines.append("Content-Type: application/json")
        lines.append(f"Content-Length: {len(body)}")
        if bearer:
            lines.append(f"Authorization: Bearer {bearer}")
        if last_event is not None:
            lines.append(f"Last-Event-ID: {last_event}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status = await self.reader.readline()
        if not status:
            raise ConnectionError("closed")
        headers = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        return int(status.split()[1]), headers

    async def chunk(self):
        size = int((await self.reader.readline()).strip() or b"0", 16)
        data = await self.reader.readexactly(size + 2) if size else b""
        if not size:
            await self.reader.readline()
        return data[:-2] if size else None

    async def request(self, method, path, body=b"", bearer=None):
        status, headers = await self.head(method, path, body, bearer)
        if "content-length" in headers:
            data = await self.reader.readexactly(int(headers["content-length"]))
        else:
            data = b""
            while (part := await self.chunk()) is not None:
                data += part
        return status, data


async def exchange(run, state, method, path, body, bearer, deadline):
    """A request on the keeper's connection, reopened on the next server
    when it fails, until `deadline`."""
    tries = 0
    failed_at = None
    while True:
        if tries:
            run.retries += 1
            if time.time() > deadline:
                raise TimeoutError("gave up")
        # A phone whose server went away tries the next one at once, then
        # waits between tries.
        if tries > 1:
            await asyncio.sleep(0.1)
        tries += 1
        try:
            opening = time.time()
            if state["connection"] is None:
                state["connection"] = await Connection.open(run, state["server"])
            asking = time.time()
            answer = await asyncio.wait_for(
                state["connection"].request(method, path, body, bearer), 10
            )
            if failed_at is not None and state.get("move"):
                sent = run.sent[state["move"]]
                run.retry_parts.append((sent, failed_at - sent, asking - opening, time.time() - asking))
            return answer
        except (OSError, ConnectionError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError) as e:
            run.error(f"request: {type(e).__name__}")
            if failed_at is None:
                failed_at = time.time()
            if state.get("move"):
                run.retried.add(state["move"])
            if state["connection"]:
                state["connection"].close()
            state["connection"] = None
            state["server"] = run.next_server(state["server"], state["who"])


async def start_game(run, state, board):
    body = json.dumps({"rules": "songo", "south": f"Sud {board}", "north": f"Nord {board}",
                       "event": "Charge", "round": "1"}).encode()
    status, data = await exchange(run, state, "POST", "/v1/live", body, TOKEN, time.time() + 60)
    if status != 201:
        run.error(f"start: {status}")
        return None
    started = json.loads(data)
    run.acked[started["id"]] = []
    run.boards[board] = started["id"]
    run.game_ids[board] = int(started["id"], 16)
    return started["key"]


async def legal(run, state, position):
    body = json.dumps({"position": position}).encode()
    status, data = await exchange(run, state, "POST", "/v1/moves", body, None, time.time() + 60)
    if status != 200:
        run.error(f"moves: {status}")
        return []
    return json.loads(data)["legal"]


async def keeper(run, board, key, begin, until):
    state = {"connection": None, "server": board % len(SERVERS), "who": board // len(SERVERS)}
    rng = random.Random(board)
    game, ply, position = run.boards.get(board), 0, None
    moves = None
    at = begin + INTERVAL * (board % 1000) / 1000
    while True:
        at += INTERVAL
        if at > until:
            break
        await asyncio.sleep(max(0, at - time.time()))
        try:
            if key is None:
                key = await start_game(run, state, board)
                game, ply, position, moves = run.boards.get(board), 0, None, None
                continue
            if position is None:
                status, data = await exchange(run, state, "GET", f"/v1/live/{game}", b"", None, time.time() + 60)
                position = json.loads(data)["position"]
            if moves is None:
                moves = await legal(run, state, position)
            if not moves:
                key = None
                continue
            played = rng.choice(moves)
            ply += 1
            body = json.dumps({"ply": ply, "move": played}).encode()
            sent = time.time()
            run.sent[(game, ply)] = sent
            state["move"] = (game, ply)
            try:
                status, data = await exchange(run, state, "POST", f"/v1/live/{game}/moves", body, key, sent + 60)
            finally:
                state["move"] = None
            if status != 200:
                run.error(f"move: {status} {data[:80]!r}")
                key = None
                continue
            run.acks.append((sent, time.time() - sent, (game, ply) in run.retried))
            run.acked[game].append(played)
            answer = json.loads(data)
            if answer.get("game_over"):
                key = None
                continue
            position = answer["position"]
            moves = await legal(run, state, position)
        except (TimeoutError, ValueError, KeyError) as e:
            run.error(f"keeper: {type(e).__name__} {e}")
            key = None


async def follow(run, server, game, last, stream):
    """One stream of `game`: the last ply seen, and whether it ended; the
    stream's `retry:` time (milliseconds) kept in `stream`."""
    connection = await Connection.open(run, server)
    try:
        status, _ = await asyncio.wait_for(
            connection.head("GET", f"/v1/live/{game}/events", last_event=last), 30
        )
        if status != 200:
            raise ConnectionError(f"events: {status}")
        run.open_streams += 1
        try:
            buffer, event = b"", {}
            while not run.stop:
                # No timeout a read (a task and a timer each, thousands a
                # second): the run's end cancels the streams.
                data = await connection.chunk()
                if data is None:
                    return last, False
                arrived = time.time()
                buffer += data
                while b"\n" in buffer:
                    line, _, buffer = buffer.partition(b"\n")
                    line = line.rstrip(b"\r").decode()
                    if not line:
                        name = event.get("event")
                        if name == "move":
                            ply = int(event.get("id", 0))
                            if ply != last + 1:
                                run.error(f"spectator: ply {ply} after {last}")
                            last = ply
                            run.arrivals.append((game, ply, arrived))
                            if '"game_over":{' in event.get("data", ""):
                                return last, True
                        elif name == "end":
                            return last, True
                        event = {}
                    elif line.startswith("retry:"):
                        if line[6:].strip().isdigit():
                            stream["retry"] = int(line[6:].strip())
                    elif ":" in line:
                        field, _, value = line.partition(":")
                        event[field] = event.get(field, "") + value.lstrip()
            return last, False
        finally:
            run.open_streams -= 1
    finally:
        connection.close()


async def spectator(run, board, server, who):
    last, game = 0, None
    stream = {"retry": None}
    while not run.stop:
        if run.game_of(board) != game:
            game, last = run.game_of(board), 0
        if game is None:
            await run.board_changed(board, game)
            continue
        failed = False
        try:
            last, ended = await follow(run, server, game, last, stream)
        except (OSError, ConnectionError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as e:
            run.error(f"stream: {type(e).__name__}")
            ended, failed = False, True
        if run.stop:
            return
        if run.game_of(board) != game:
            continue
        if ended:
            await run.board_changed(board, game)
        else:
            # A stream the server closed follows again from another
            # server, after its `retry:` time (EventSource's way), at
            # once without one; one that could not open waits first.
            run.reconnects += 1
            server = run.next_server(server, who)
            if stream["retry"] is not None:
                await asyncio.sleep(stream["retry"] / 1000)
            elif failed:
                await asyncio.sleep(0.2)


def cpu_so_far():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def keep(worker, barrier, killed_at, game_ids, out):
    """A keepers' process: starts its boards' games, then plays them."""
    run = Run(worker, killed_at, game_ids)
    boards = [b for b in range(GAMES) if b % KEEPER_PROCESSES == worker]
    keys = {}

    async def begin_board(b):
        state = {"connection": None, "server": b % len(SERVERS), "who": b // len(SERVERS)}
        try:
            keys[b] = await start_game(run, state, b)
        finally:
            if state["connection"]:
                state["connection"].close()

    for i in range(0, len(boards), 16):
        await asyncio.gather(*(begin_board(b) for b in boards[i:i + 16]))
    await asyncio.get_running_loop().run_in_executor(None, barrier.wait)
    cpu_at_start = cpu_so_far()
    begin = time.time()
    until = begin + SECONDS
    probe = asyncio.create_task(lag_probe(run, until))
    await asyncio.gather(*(keeper(run, b, keys.get(b), begin, until) for b in boards))
    probe.cancel()
    out.put({"cpu": cpu_so_far() - cpu_at_start, "acks": run.acks, "sent": run.sent,
             "retried": run.retried, "keeper_lags": run.lags, "retry_parts": run.retry_parts,
             "errors": run.errors, "retries": run.retries, "acked": run.acked,
             "games": len(keys)})


async def watch(worker, barrier, killed_at, game_ids, out):
    """A spectators' process: opens its streams once their games are
    started, and follows them till the run's end."""
    run = Run(KEEPER_PROCESSES + worker, killed_at, game_ids)
    mine = [i for i in range(SPECTATORS) if i % PROCESSES == worker]
    waited = time.time()
    while not all(run.game_of(i % GAMES) for i in mine) and time.time() - waited < 120:
        await asyncio.sleep(0.1)
    tasks = []
    for n, i in enumerate(mine):
        tasks.append(asyncio.create_task(spectator(run, i % GAMES, i % len(SERVERS), i // len(SERVERS))))
        if n % 50 == 49:
            await asyncio.sleep(0.01)
    waited = time.time()
    while run.open_streams < len(mine) and time.time() - waited < 120:
        await asyncio.sleep(0.1)
    opened = run.open_streams
    await asyncio.get_running_loop().run_in_executor(None, barrier.wait)
    cpu_at_start = cpu_so_far()
    until = time.time() + SECONDS
    await lag_probe(run, until)
    await asyncio.sleep(2)
    run.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.wait(tasks, timeout=5)
    out.put({"cpu": cpu_so_far() - cpu_at_start, "arrivals": run.arrivals, "lags": run.lags,
             "errors": run.errors, "reconnects": run.reconnects, "opened": opened,
             "streams": len(mine)})


async def lag_probe(run, until):
    """The event loop's lag: how late a PROBE sleep wakes, till `until`."""
    loop = asyncio.get_running_loop()
    while time.time() < until:
        asked = loop.time()
        await asyncio.sleep(PROBE)
        run.lags.append((time.time(), loop.time() - asked - PROBE))


def keeper_main(worker, barrier, killed_at, game_ids, out):
    asyncio.run(keep(worker, barrier, killed_at, game_ids, out))


def spectator_main(worker, barrier, killed_at, game_ids, out):
    asyncio.run(watch(worker, barrier, killed_at, game_ids, out))


def percentiles(label, samples):
    samples = sorted(samples)
    if not samples:
        print(f"{label}: no samples")
        return
    at = lambda q: samples[min(len(samples) - 1, int(len(samples) * q))] * 1000
    print(f"{label}: {len(samples)} samples, p50 {at(0.5):.1f} ms, p99 {at(0.99):.1f} ms, max {samples[-1] * 1000:.1f} ms")


def check(acked, server):
    """The acknowledged moves missing from their games, read back."""
    import http.client
    host, port = SERVERS[server]
    lost = moves = archived = 0
    connection = http.client.HTTPConnection(host, port, timeout=30)
    for game, played in acked.items():
        moves += len(played)
        connection.request("GET", f"/v1/live/{game}")
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            lost += len(played)
            continue
        stored = json.loads(body)
        lost += sum(1 for i, m in enumerate(played) if i >= len(stored["moves"]) or stored["moves"][i] != m)
        archived += stored.get("game") is not None
    return moves, lost, archived


def main():
    multiprocessing.set_start_method("fork")
    barrier = multiprocessing.Barrier(KEEPER_PROCESSES + PROCESSES + 1)
    killed_at = multiprocessing.Value("d", 0.0)
    game_ids = multiprocessing.Array("Q", GAMES, lock=False)
    out = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=keeper_main, args=(w, barrier, killed_at, game_ids, out))
               for w in range(KEEPER_PROCESSES)]
    workers += [multiprocessing.Process(target=spectator_main, args=(w, barrier, killed_at, game_ids, out))
                for w in range(PROCESSES)]
    started = time.time()
    for w in workers:
        w.start()
    barrier.wait()
    print(f"games started and streams open in {time.time() - started:.1f} s", flush=True)
    servers_before = {pid: cpu_of(pid) for pid in SERVER_PIDS}
    machine_before, postgres_before, run_began = machine_cpu(), postgres_cpu(), time.time()
    servers_after = {}
    if KILL_PID:
        survivors = [pid for pid in SERVER_PIDS if pid != KILL_PID]
        time.sleep(max(0, KILL_AT - STORM))
        calm = sum(cpu_of(pid) for pid in survivors)
        time.sleep(max(0, KILL_AT - (time.time() - run_began)))
        calm = sum(cpu_of(pid) for pid in survivors) - calm
        servers_after[KILL_PID] = cpu_of(KILL_PID)
        subprocess.run(["kill", "-9", KILL_PID], check=False)
        killed_at.value = time.time()
        print(f"kill -9 {KILL_PID} (server {KILL_INDEX}) at {KILL_AT} s", flush=True)
        # The reconnections' cost: the survivors' CPU over the next seconds
        # beside the same before the kill (steadier than times on a busy
        # machine).
        storm = sum(cpu_of(pid) for pid in survivors)
        time.sleep(STORM)
        storm = sum(cpu_of(pid) for pid in survivors) - storm
        print(f"surviving servers' CPU in the {STORM} s before the kill {calm:.2f} s,"
              f" from the kill on {storm:.2f} s", flush=True)
    results = [out.get() for _ in workers]
    for w in workers:
        w.join()
    servers_after.update({pid: cpu_of(pid) for pid in SERVER_PIDS if pid not in servers_after})
    machine = machine_cpu() - machine_before
    postgres = postgres_cpu() - postgres_before
    ran = time.time() - run_began
    kill = killed_at.value
    keepers = [r for r in results if "acks" in r]
    watchers = [r for r in results if "arrivals" in r]
    sent = {m: t for r in keepers for m, t in r["sent"].items()}
    retried = set().union(*(r["retried"] for r in keepers))
    # A move seen: from its post (by its keeper) to its event's arrival.
    seen = [(sent[(g, p)], arrived - sent[(g, p)], (g, p) in retried)
            for r in watchers for g, p, arrived in r["arrivals"] if (g, p) in sent]
    print(f"{GAMES} games ({sum(r['games'] for r in keepers)} started), {SPECTATORS} spectators "
          f"({sum(r['opened'] for r in watchers)} streams open at the start), "
          f"a move every {INTERVAL:g} s a game, {SECONDS} s, {len(SERVERS)} servers")
    acks = [s for r in keepers for s in r["acks"]]
    for samples, label in ((acks, "move acknowledged"), (seen, "move seen by a spectator")):
        percentiles(f"{label}, before the kill" if kill else label, [d for t, d, _ in samples if not kill or t < kill])
        if kill:
            percentiles(f"{label}, from the kill on", [d for t, d, _ in samples if t >= kill])
        # The moves whose first send failed (their server killed) apart:
        # they wait for a new connection, the others for nothing of it.
        for retried, which in ((True, "retried"), (False, "not retried")):
            percentiles(f"{label}, from the kill on, {which}" if kill else f"{label}, {which}",
                        [d for t, d, r in samples if r == retried and (not kill or t >= kill)])
    for key, whose in (("keeper_lags", "keepers'"), ("lags", "spectators'")):
        lags = [s for r in results for s in r.get(key, [])]
        if kill:
            percentiles(f"{whose} loop lag, before the kill", [d for t, d in lags if t < kill])
            percentiles(f"{whose} loop lag, {STORM} s from the kill",
                        [d for t, d in lags if kill <= t < kill + STORM])
        else:
            percentiles(f"{whose} loop lag", [d for t, d in lags])
    if kill:
        parts = [p for r in keepers for p in r["retry_parts"] if p[0] >= kill]
        for i, what in ((1, "until the failure is seen"), (2, "opening a new connection"),
                        (3, "the request on it")):
            percentiles(f"retried moves, {what}", [p[i] for p in parts])
    print(f"failover {FAILOVER}; retries {sum(r['retries'] for r in keepers)}, "
          f"spectators' reconnections {sum(r['reconnects'] for r in watchers)}")
    errors = {}
    for r in results:
        for what, n in r["errors"].items():
            errors[what] = errors.get(what, 0) + n
    for what, n in sorted(errors.items()):
        print(f"error {n}x {what}")
    acked = {g: m for r in keepers for g, m in r["acked"].items()}
    survivor = (KILL_INDEX + 1) % len(SERVERS) if KILL_PID else 0
    moves, lost, archived = check(acked, survivor)
    print(f"acknowledged moves {moves}, lost {lost}; games finished into the archive {archived}")
    harness = sum(r["cpu"] for r in results)
    servers = sum(servers_after[pid] - servers_before[pid] for pid in SERVER_PIDS)
    print(f"CPU from the streams' opening on ({ran:.0f} s wall): servers {servers:.1f} s"
          f" ({servers / max(moves, 1) * 1000:.2f} ms a move), harness {harness:.1f} s,"
          f" PostgreSQL {postgres:.1f} s,"
          f" the whole machine {machine:.1f} s of {ran * (os.cpu_count() or 1):.0f}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
