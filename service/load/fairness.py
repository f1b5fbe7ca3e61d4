#!/usr/bin/env python3
"""Fairness under hostile load (issue 37), on loopback only, bounded in time.

Starts `songo serve` (the binary given, default target/release/songo) on
127.0.0.1, then one scenario:

  engine   four engine annotations (1000 ms a ply, 33 plies) and two deep
           exercise searches (depth=8, proof_depth=12, count=100) at once,
           each from its own loopback address (127.0.0.2...), then tiny
           validations one after another from 127.0.0.1 while they run:
           the validations' p50, p99 and worst latency.
  trickle  512 connections from 127.0.0.2 each sending a body a byte a
           second (reconnecting when closed, as an attacker would), then
           250 new clients from 127.0.0.1, one every 20 ms, each a tiny
           validation: how many got a 200. TRICKLE_ADDRESSES=8 spreads the
           512 over 127.0.0.2-9 (64 each).

Results go in docs/performance.md, section "Fair to every client".

  python3 service/load/fairness.py engine
  python3 service/load/fairness.py trickle [path/to/songo]

Needs Linux (any 127.x.y.z address is the loopback).
"""

import asyncio
import os
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PORT = int(os.environ.get("PORT", "18185"))
HOST = "127.0.0.1"


def fixture(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


RECORD = fixture("fixtures/records/valid/songo-full-game.songo")
TINY = fixture("fixtures/records/valid/escale-double-threat.songo")
GAMES = fixture("fixtures/records/engine/exercises-games.songo")


def request(method, path, body=b"", content_type="text/plain"):
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
        f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def exchange(source, data, timeout=60):
    """Sends `data` from address `source`; the status (0: no answer) and
    the seconds it took."""
    started = time.monotonic()
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(HOST, PORT, local_addr=(source, 0)), timeout
        )
        writer.write(data)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), timeout)
        writer.close()
        status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0
    except (OSError, asyncio.TimeoutError, ValueError, IndexError):
        status = 0
    return status, time.monotonic() - started


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def engine():
    searches = [
        exchange(f"127.0.0.{2 + i}", request("POST", "/v1/annotate?engine=true&movetime_ms=1000", RECORD))
        for i in range(4)
    ] + [
        exchange(f"127.0.0.{6 + i}", request("POST", "/v1/exercises?depth=8&proof_depth=12&count=100", GAMES))
        for i in range(2)
    ]
    running = asyncio.gather(*searches)
    await asyncio.sleep(1.0)
    latencies, statuses = [], {}
    until = time.monotonic() + 15
    while time.monotonic() < until:
        status, took = await exchange("127.0.0.1", request("POST", "/v1/validate", TINY))
        statuses[status] = statuses.get(status, 0) + 1
        latencies.append(took * 1000)
    done = await running
    print(f"tiny validations beside 4 engine annotations and 2 deep exercise searches: {len(latencies)}")
    print(f"  statuses {statuses}")
    print(
        f"  p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
        f"worst {max(latencies):.1f} ms"
    )
    print("  the searches: " + ", ".join(f"{status} in {took:.1f} s" for status, took in done))


async def trickler(source, stop):
    """One connection sending a body a byte a second, again when closed."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(HOST, PORT, local_addr=(source, 0))
            writer.write(
                f"POST /v1/validate HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: text/plain\r\n"
                f"Content-Length: 100000\r\n\r\n".encode()
            )
            while not stop.is_set() and not reader.at_eof():
                writer.write(b"[")
                await writer.drain()
                try:
                    await asyncio.wait_for(reader.read(4096), 1.0)
                except asyncio.TimeoutError:
                    pass
            writer.close()
        except OSError:
            await asyncio.sleep(0.1)


async def trickle():
    addresses = int(os.environ.get("TRICKLE_ADDRESSES", "1"))
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(trickler(f"127.0.0.{2 + i % addresses}", stop)) for i in range(512)
    ]
    await asyncio.sleep(3.0)
    clients = []
    for _ in range(250):
        clients.append(
            asyncio.create_task(exchange("127.0.0.1", request("POST", "/v1/validate", TINY), 20))
        )
        await asyncio.sleep(0.02)
    answers = await asyncio.gather(*clients)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    served = sum(1 for status, _ in answers if status == 200)
    statuses = {}
    for status, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    took = [t * 1000 for status, t in answers if status == 200]
    print(f"512 trickling bodies from {addresses} address(es), 250 new clients from 127.0.0.1:")
    print(f"  served {served} of 250 ({100 * served / 250:.0f} %); statuses {statuses}")
    if took:
        print(f"  the served: p50 {percentile(took, 0.5):.1f} ms, p99 {percentile(took, 0.99):.1f} ms")


def main():
    scenario = sys.argv[1] if len(sys.argv) > 1 else "engine"
    binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target", "release", "songo")
    server = subprocess.Popen(
        [binary, "serve", "--addr", f"{HOST}:{PORT}"], stderr=subprocess.DEVNULL
    )
    try:
        for _ in range(100):
            if asyncio.run(exchange(HOST, request("GET", "/healthz"), 1))[0] == 200:
                break
            time.sleep(0.1)
        time.sleep(0.3)
        asyncio.run(engine() if scenario == "engine" else trickle())
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
