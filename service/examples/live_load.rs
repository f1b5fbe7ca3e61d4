//! Live games under load (issue 39): N games on several `songo serve`
//! sharing one PostgreSQL archive, each entering a legal move every few
//! seconds, M spectators' event streams spread over the servers; one
//! server may be killed (`kill -9`) mid-run, its clients moving to the
//! next server (a keeper retrying its move with the same ply). Prints the
//! moves' acknowledgement and the spectators' reception times (p50, p99),
//! the errors, and, read back from the servers afterwards, every
//! acknowledged move missing from its game (lost).
//!
//! `service/load/live.sh` starts the servers and runs it; by hand:
//!
//! ```text
//! LIVE_SERVERS=127.0.0.1:18301,127.0.0.1:18302 LIVE_TOKEN=songo_… \
//!   cargo run --release -p songo-service --example live_load
//! ```
//!
//! Settings (environment): `LIVE_GAMES` (100), `LIVE_SPECTATORS` (500),
//! `LIVE_SECONDS` (60), `LIVE_INTERVAL_MS` (5000, a game's time between
//! two moves), `LIVE_SOURCES` (100: the loopback addresses 127.0.0.2…
//! the clients connect from, as many clients would), `LIVE_KILL_PID` and
//! `LIVE_KILL_INDEX` (the process of server INDEX, killed at
//! `LIVE_KILL_AT` seconds, default half the run).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt as _, Full};
use hyper::Request;
use hyper::client::conn::http1;
use hyper_util::rt::TokioIo;
use songo_notation::{AnyPosition, Conventions, GamePosition as _, Position, Ruleset, Side};

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the run shares between its tasks.
struct Shared {
    servers: Vec<SocketAddr>,
    /// A killed server's index: clients leave it.
    killed: Mutex<Option<usize>>,
    token: String,
    sources: usize,
    next_source: AtomicUsize,
    /// When each (game, ply) was first sent, for the spectators' times.
    sent: Mutex<HashMap<(String, usize), Instant>>,
    /// The moves each game's keeper had acknowledged, by game id.
    acked: Mutex<HashMap<String, Vec<String>>>,
    /// The current game of each board (a finished game is followed by a
    /// new one on its board).
    boards: Vec<tokio::sync::watch::Sender<Option<String>>>,
    ack_times: Mutex<Vec<(Instant, Duration)>>,
    seen_times: Mutex<Vec<(Instant, Duration)>>,
    errors: Mutex<HashMap<String, usize>>,
    retries: AtomicUsize,
    reconnects: AtomicUsize,
    streams_open: AtomicUsize,
    stop: AtomicBool,
}

impl Shared {
    fn error(&self, what: impl Into<String>) {
        *self.errors.lock().unwrap().entry(what.into()).or_default() += 1;
    }

    fn source(&self) -> IpAddr {
        let n = self.next_source.fetch_add(1, Ordering::Relaxed) % self.sources.max(1);
        IpAddr::V4(Ipv4Addr::new(127, 0, (2 + n / 250) as u8, (2 + n % 250) as u8))
    }

    /// The server after `index`, skipping a killed one.
    fn next_server(&self, index: usize) -> usize {
        let killed = *self.killed.lock().unwrap();
        let mut next = (index + 1) % self.servers.len();
        if Some(next) == killed {
            next = (next + 1) % self.servers.len();
        }
        next
    }
}

type Sender = http1::SendRequest<Full<Bytes>>;

/// A connection to server `index` from a loopback address of its own.
async fn connect(shared: &Shared, index: usize) -> Result<Sender, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(shared.source(), 0))
        .map_err(|e| format!("bind: {e}"))?;
    let stream = tokio::time::timeout(
        Duration::from_secs(5),
        socket.connect(shared.servers[index]),
    )
    .await
    .map_err(|_| "connect: timeout".to_owned())?
    .map_err(|e| format!("connect: {}", e.kind()))?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    let (sender, connection) = http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| format!("handshake: {e}"))?;
    tokio::spawn(connection);
    Ok(sender)
}

fn request(
    method: &str,
    path: &str,
    bearer: Option<&str>,
    body: String,
    last_event: Option<usize>,
) -> Request<Full<Bytes>> {
    let mut builder = Request::builder()
        .method(method)
        .uri(path)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json");
    if let Some(bearer) = bearer {
        builder = builder.header("authorization", format!("Bearer {bearer}"));
    }
    if let Some(last) = last_event {
        builder = builder.header("last-event-id", last.to_string());
    }
    builder
        .body(Full::new(Bytes::from(body)))
        .expect("a request of known parts")
}

/// Sends a request, on a connection that is reopened (to the next server
/// when it fails) until `deadline`: the status and body.
async fn exchange(
    shared: &Shared,
    connection: &mut Option<(usize, Sender)>,
    server: &mut usize,
    make: impl Fn() -> Request<Full<Bytes>>,
    deadline: Instant,
) -> Result<(u16, Bytes), String> {
    let mut first = true;
    loop {
        if !first {
            shared.retries.fetch_add(1, Ordering::Relaxed);
            if Instant::now() > deadline {
                return Err("gave up".to_owned());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        first = false;
        if connection.is_none() {
            match connect(shared, *server).await {
                Ok(sender) => *connection = Some((*server, sender)),
                Err(error) => {
                    shared.error(error);
                    *server = shared.next_server(*server);
                    continue;
                }
            }
        }
        let Some((_, sender)) = connection.as_mut() else {
            continue;
        };
        let answer = async {
            sender.ready().await.map_err(|e| e.to_string())?;
            let response = sender
                .send_request(make())
                .await
                .map_err(|e| e.to_string())?;
            let status = response.status().as_u16();
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|e| e.to_string())?;
            Ok::<_, String>((status, body.to_bytes()))
        };
        match tokio::time::timeout(Duration::from_secs(10), answer).await {
            Ok(Ok(done)) => return Ok(done),
            Ok(Err(error)) => shared.error(format!("request: {error}")),
            Err(_) => shared.error("request: timeout"),
        }
        *connection = None;
        *server = shared.next_server(*server);
    }
}

/// Starts a game on board `board`: its id and key.
async fn start_game(shared: &Shared, board: usize) -> Option<(String, String)> {
    let mut connection = None;
    let mut server = board % shared.servers.len();
    let body = serde_json::json!({"rules": "songo", "south": format!("Sud {board}"),
        "north": format!("Nord {board}"), "event": "Charge", "round": "1"})
    .to_string();
    let deadline = Instant::now() + Duration::from_secs(60);
    let make = || request("POST", "/v1/live", Some(&shared.token), body.clone(), None);
    match exchange(shared, &mut connection, &mut server, make, deadline).await {
        Ok((201, body)) => {
            let started: serde_json::Value = serde_json::from_slice(&body).ok()?;
            Some((
                started["id"].as_str()?.to_owned(),
                started["key"].as_str()?.to_owned(),
            ))
        }
        Ok((status, _)) => {
            shared.error(format!("start: {status}"));
            None
        }
        Err(error) => {
            shared.error(format!("start: {error}"));
            None
        }
    }
}

/// A legal move of `position`, by `seed`; `None` once the game is over.
fn choose(position: &Position, seed: usize) -> Option<String> {
    let legal: Vec<_> = position.turn().ok()?.iter().collect();
    let played = *legal.get(seed % legal.len().max(1))?;
    Some(position.move_name(played, Conventions::default()).to_string())
}

/// A board's keeper: a move every `interval`, a new game when one ends.
async fn keeper(
    shared: Arc<Shared>,
    board: usize,
    mut key: Option<String>,
    interval: Duration,
    until: Instant,
) {
    let mut server = board % shared.servers.len();
    let mut connection = None;
    let mut seed = board.wrapping_mul(2_654_435_761);
    let mut game = shared.boards[board].borrow().clone();
    let mut ply = 0;
    let mut position = Position::start_of(Ruleset::Songo, Side::South);
    // The boards' moves spread over the interval.
    let offset = interval.mul_f64((board % 1000) as f64 / 1000.0);
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + offset, interval);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        tick.tick().await;
        if key.is_none() || game.is_none() {
            let Some((id, k)) = start_game(&shared, board).await else {
                continue;
            };
            shared.acked.lock().unwrap().insert(id.clone(), Vec::new());
            shared.boards[board].send_replace(Some(id.clone()));
            game = Some(id);
            key = Some(k);
            ply = 0;
            position = Position::start_of(Ruleset::Songo, Side::South);
            continue;
        }
        let (Some(id), Some(k)) = (game.clone(), key.clone()) else {
            continue;
        };
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let Some(played) = choose(&position, seed >> 33) else {
            game = None;
            continue;
        };
        ply += 1;
        let body = serde_json::json!({"ply": ply, "move": played}).to_string();
        let path = format!("/v1/live/{id}/moves");
        let sent = Instant::now();
        shared.sent.lock().unwrap().insert((id.clone(), ply), sent);
        let make = || request("POST", &path, Some(&k), body.clone(), None);
        let deadline = sent + Duration::from_secs(60);
        match exchange(&shared, &mut connection, &mut server, make, deadline).await {
            Ok((200, answer)) => {
                let done = Instant::now();
                shared.ack_times.lock().unwrap().push((sent, done - sent));
                if let Some(moves) = shared.acked.lock().unwrap().get_mut(&id) {
                    moves.push(played);
                }
                let answer: serde_json::Value = serde_json::from_slice(&answer).unwrap_or_default();
                let next = serde_json::from_value::<AnyPosition>(answer["position"].clone());
                match next {
                    Ok(AnyPosition::Sowing(next)) if answer["game_over"].is_null() => {
                        position = next;
                    }
                    Ok(_) => game = None,
                    Err(_) => {
                        shared.error("move: answer without position");
                        game = None;
                    }
                }
            }
            Ok((status, answer)) => {
                shared.error(format!(
                    "move: {status} {}",
                    String::from_utf8_lossy(&answer).chars().take(80).collect::<String>()
                ));
                game = None;
            }
            Err(error) => {
                shared.error(format!("move: {error}"));
                game = None;
            }
        }
    }
}

/// One server-sent event: its name, id and data.
#[derive(Default)]
struct Event {
    name: String,
    id: Option<usize>,
    data: String,
}

/// Follows one stream of `game` until it ends: the last ply seen, and
/// whether the game ended.
async fn follow(shared: &Shared, server: usize, game: &str, last: &mut usize) -> Result<bool, String> {
    let mut sender = connect(shared, server).await?;
    let path = format!("/v1/live/{game}/events");
    sender.ready().await.map_err(|e| e.to_string())?;
    let response = tokio::time::timeout(
        Duration::from_secs(30),
        sender.send_request(request("GET", &path, None, String::new(), Some(*last))),
    )
    .await
    .map_err(|_| "events: timeout".to_owned())?
    .map_err(|e| format!("events: {e}"))?;
    if response.status() != 200 {
        return Err(format!("events: {}", response.status().as_u16()));
    }
    shared.streams_open.fetch_add(1, Ordering::Relaxed);
    let mut body = response.into_body();
    let mut buffer = String::new();
    let mut event = Event::default();
    let ended = loop {
        if shared.stop.load(Ordering::Relaxed) {
            break false;
        }
        let frame = match tokio::time::timeout(Duration::from_secs(1), body.frame()).await {
            Err(_) => continue,
            Ok(None) => break false,
            Ok(Some(Err(error))) => {
                shared.streams_open.fetch_sub(1, Ordering::Relaxed);
                return Err(format!("stream: {error}"));
            }
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let arrived = Instant::now();
        buffer.push_str(&String::from_utf8_lossy(&data));
        let mut over = false;
        while let Some(end) = buffer.find('\n') {
            let line: String = buffer.drain(..=end).collect();
            let line = line.trim_end_matches(['\n', '\r']);
            if line.is_empty() {
                let done = std::mem::take(&mut event);
                over |= seen(shared, game, &done, arrived, last);
            } else if let Some(name) = line.strip_prefix("event:") {
                event.name = name.trim().to_owned();
            } else if let Some(id) = line.strip_prefix("id:") {
                event.id = id.trim().parse().ok();
            } else if let Some(data) = line.strip_prefix("data:") {
                event.data.push_str(data.trim_start());
            }
        }
        if over {
            break true;
        }
    };
    shared.streams_open.fetch_sub(1, Ordering::Relaxed);
    Ok(ended)
}

/// Notes an event's time; true when it ends the game.
fn seen(shared: &Shared, game: &str, event: &Event, arrived: Instant, last: &mut usize) -> bool {
    match event.name.as_str() {
        "move" => {
            let Some(ply) = event.id else { return false };
            if ply != *last + 1 {
                shared.error(format!("spectator: ply {ply} after {}", *last));
            }
            *last = ply;
            if let Some(sent) = shared.sent.lock().unwrap().get(&(game.to_owned(), ply)) {
                shared
                    .seen_times
                    .lock()
                    .unwrap()
                    .push((*sent, arrived.saturating_duration_since(*sent)));
            }
            event.data.contains("\"game_over\":{")
        }
        "end" => true,
        _ => false,
    }
}

/// A spectator of board `board` on server `server`: follows its games,
/// coming back after its last event when a stream breaks.
async fn spectator(shared: Arc<Shared>, board: usize, mut server: usize) {
    let mut boards = shared.boards[board].subscribe();
    let mut game = boards.borrow_and_update().clone();
    let mut last = 0;
    while !shared.stop.load(Ordering::Relaxed) {
        let Some(id) = game.clone() else {
            if boards.changed().await.is_err() {
                return;
            }
            game = boards.borrow_and_update().clone();
            continue;
        };
        let outcome = follow(&shared, server, &id, &mut last).await;
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let current = boards.borrow_and_update().clone();
        if current.as_deref() != Some(id.as_str()) {
            // The board's next game.
            game = current;
            last = 0;
            continue;
        }
        match outcome {
            Ok(true) => {
                if boards.changed().await.is_err() {
                    return;
                }
            }
            Ok(false) | Err(_) => {
                shared.reconnects.fetch_add(1, Ordering::Relaxed);
                server = shared.next_server(server);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

fn percentiles(label: &str, times: &mut [Duration]) {
    times.sort();
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{label}: {} samples, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

/// Reads every game back: the acknowledged moves missing or different.
async fn check(shared: &Shared) -> (usize, usize, usize) {
    let acked = shared.acked.lock().unwrap().clone();
    let (mut lost, mut moves, mut archived) = (0, 0, 0);
    let mut server = shared.next_server(shared.servers.len() - 1);
    let mut connection = None;
    for (id, played) in acked {
        moves += played.len();
        let path = format!("/v1/live/{id}");
        let make = || request("GET", &path, None, String::new(), None);
        let deadline = Instant::now() + Duration::from_secs(30);
        let Ok((200, body)) = exchange(shared, &mut connection, &mut server, make, deadline).await
        else {
            lost += played.len();
            continue;
        };
        let game: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        let stored: Vec<&str> = game["moves"]
            .as_array()
            .map(|m| m.iter().filter_map(|m| m.as_str()).collect())
            .unwrap_or_default();
        lost += played
            .iter()
            .enumerate()
            .filter(|(i, m)| stored.get(*i) != Some(&m.as_str()))
            .count();
        archived += usize::from(game["game"].is_string());
    }
    (moves, lost, archived)
}

fn report(shared: &Shared, kill_at: Option<Instant>) {
    let split = |times: &Mutex<Vec<(Instant, Duration)>>, label: &str| {
        let times = times.lock().unwrap();
        let (mut before, mut after): (Vec<Duration>, Vec<Duration>) = (Vec::new(), Vec::new());
        for (at, took) in times.iter() {
            if kill_at.is_some_and(|k| *at >= k) {
                after.push(*took);
            } else {
                before.push(*took);
            }
        }
        percentiles(&format!("{label}, before the kill"), &mut before);
        if kill_at.is_some() {
            percentiles(&format!("{label}, from the kill on"), &mut after);
        }
    };
    split(&shared.ack_times, "move acknowledged");
    split(&shared.seen_times, "move seen by a spectator");
    println!(
        "retries {}, spectators' reconnections {}",
        shared.retries.load(Ordering::Relaxed),
        shared.reconnects.load(Ordering::Relaxed)
    );
    let mut errors: Vec<_> = shared.errors.lock().unwrap().clone().into_iter().collect();
    errors.sort();
    for (what, count) in errors {
        println!("error {count}× {what}");
    }
}

#[tokio::main]
async fn main() {
    let servers: Vec<SocketAddr> = std::env::var("LIVE_SERVERS")
        .unwrap_or_else(|_| "127.0.0.1:8080".to_owned())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    assert!(!servers.is_empty(), "LIVE_SERVERS: host:port,…");
    let games = setting("LIVE_GAMES", 100);
    let spectators = setting("LIVE_SPECTATORS", 500);
    let seconds = setting("LIVE_SECONDS", 60);
    let interval = Duration::from_millis(setting("LIVE_INTERVAL_MS", 5000) as u64);
    let kill_pid = std::env::var("LIVE_KILL_PID").ok();
    let kill_index = setting("LIVE_KILL_INDEX", 0);
    let kill_after = Duration::from_secs(setting("LIVE_KILL_AT", seconds / 2) as u64);
    let shared = Arc::new(Shared {
        servers,
        killed: Mutex::new(None),
        token: std::env::var("LIVE_TOKEN").unwrap_or_default(),
        sources: setting("LIVE_SOURCES", 100),
        next_source: AtomicUsize::new(0),
        sent: Mutex::new(HashMap::new()),
        acked: Mutex::new(HashMap::new()),
        boards: (0..games)
            .map(|_| tokio::sync::watch::channel(None).0)
            .collect(),
        ack_times: Mutex::new(Vec::new()),
        seen_times: Mutex::new(Vec::new()),
        errors: Mutex::new(HashMap::new()),
        retries: AtomicUsize::new(0),
        reconnects: AtomicUsize::new(0),
        streams_open: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    });
    // The games first, a few at a time, then their spectators, then the
    // moves.
    let started = Instant::now();
    let mut starting = tokio::task::JoinSet::new();
    for board in 0..games {
        let shared = shared.clone();
        starting.spawn(async move {
            if let Some((id, key)) = start_game(&shared, board).await {
                shared.acked.lock().unwrap().insert(id.clone(), Vec::new());
                shared.boards[board].send_replace(Some(id));
                Some((board, key))
            } else {
                None
            }
        });
        while starting.len() >= 16 {
            starting.join_next().await;
        }
    }
    let mut keys = HashMap::new();
    while let Some(done) = starting.join_next().await {
        if let Ok(Some((board, key))) = done {
            keys.insert(board, key);
        }
    }
    println!("{} games started in {:.1} s", keys.len(), started.elapsed().as_secs_f64());
    let watching = Instant::now();
    for i in 0..spectators {
        tokio::spawn(spectator(shared.clone(), i % games.max(1), i % shared.servers.len()));
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    while shared.streams_open.load(Ordering::Relaxed) < spectators
        && watching.elapsed() < Duration::from_secs(120)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "{} streams open in {:.1} s",
        shared.streams_open.load(Ordering::Relaxed),
        watching.elapsed().as_secs_f64()
    );
    let begin = Instant::now();
    let until = begin + Duration::from_secs(seconds as u64);
    let mut keepers = tokio::task::JoinSet::new();
    for (board, key) in keys {
        let shared = shared.clone();
        keepers.spawn(keeper(shared, board, Some(key), interval, until));
    }
    let mut kill_at = None;
    if let Some(pid) = kill_pid {
        tokio::time::sleep(kill_after).await;
        let killed = std::process::Command::new("kill")
            .args(["-9", &pid])
            .status();
        println!("kill -9 {pid} (server {kill_index}) at {} s: {killed:?}", kill_after.as_secs());
        *shared.killed.lock().unwrap() = Some(kill_index);
        kill_at = Some(Instant::now());
    }
    while keepers.join_next().await.is_some() {}
    // The last moves' events.
    tokio::time::sleep(Duration::from_secs(2)).await;
    shared.stop.store(true, Ordering::Relaxed);
    println!(
        "{} games, {} spectators, a move every {} ms a game, {} s",
        games,
        spectators,
        interval.as_millis(),
        seconds
    );
    report(&shared, kill_at);
    let (moves, lost, archived) = check(&shared).await;
    println!("acknowledged moves {moves}, lost {lost}; games finished into the archive {archived}");
}
