//! The page's Archive tab in headless Chromium (as `browser.rs`), against a
//! server whose archive holds generated engine games of two round-robin
//! events and one game whose players are named with HTML. Each expected
//! value (who played which games, the first moves' counts, the points) is
//! computed here from the generated records, not asked of the server.
//! Screenshots go to `target/tmp/page-screenshots/archive-*.png`.

use std::collections::BTreeMap;

use serde_json::{Value, json};
use songo_notation::generate::{EngineOptions, GenerateOptions, TournamentOptions, generate};
use songo_notation::record::GameRecord;
use songo_notation::verdict;
use songo_notation::{Ruleset, Score, Side};
use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;
use crate::archive::scratch_dir;
use crate::webdriver::{Browser, screenshots};

const TOKEN: &str = "page-s3cret";

/// A game whose players' names are HTML that must never run.
const HOSTILE: &str = "[Rules \"songo\"]\n[Event \"<b>Soirée</b> du club\"]\n[Round \"1\"]\n\
[South \"<script>window.pwned = 1</script>\"]\n\
[North \"<img src=x onerror=\\\"window.pwned = 2\\\">\"]\n[Result \"*\"]\n\n1. S5 N0 *\n";

/// Twelve engine games: two events of four players, every pair once.
fn games() -> Vec<GameRecord> {
    let options = GenerateOptions {
        engine: Some(EngineOptions {
            depth: 2,
            margin: 2,
            plies: Some(8),
        }),
        tournament: Some(TournamentOptions { players: 4 }),
        ..GenerateOptions::default()
    };
    generate(Ruleset::Songo, 12, 1, options).collect()
}

fn tag<'a>(game: &'a GameRecord, name: &str) -> &'a str {
    game.tags.get(name).unwrap_or_default()
}

/// The final score of a game, from its `Result` tag.
fn score(game: &GameRecord) -> Option<(i64, i64)> {
    let (s, n) = tag(game, "Result").split_once('-')?;
    Some((s.parse().ok()?, n.parse().ok()?))
}

/// Who won a Songo game of this final score: 40 seeds win, below that for
/// both it is drawn (the engine's verdict, `songo.end.forty`).
fn winner_of(south: i64, north: i64) -> Option<Side> {
    let seeds = |n: i64| u32::try_from(n).expect("seeds");
    verdict::winner(Ruleset::Songo, Score::new(seeds(south), seeds(north)))
}

fn moves(game: &GameRecord) -> Vec<String> {
    game.main_line().map(|m| m.text.clone()).collect()
}

/// A server whose archive holds `games` and the hostile game, and a
/// browser on its page (`fragment`), ready.
fn open(games: &[GameRecord], width: u32, height: u32, fragment: &str) -> (TestServer, Browser) {
    let server = TestServer::with(songo_service::Config {
        debug_routes: true,
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(scratch_dir("page").join("archive.sqlite")),
            token: Token::new(TOKEN),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    let mut text: Vec<String> = games.iter().map(ToString::to_string).collect();
    text.push(HOSTILE.to_owned());
    let bearer = format!("Bearer {TOKEN}");
    let reply = server.request(
        "POST",
        "/v1/games",
        &[("Authorization", &bearer), ("Content-Type", "text/plain")],
        Some(text.join("\n").as_bytes()),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["imported"], games.len() + 1, "{reply:?}");
    let browser = Browser::on_page(&server, width, height, fragment);
    (server, browser)
}

fn set_field(browser: &Browser, css: &str, text: &str) {
    browser.run(
        "const box = document.querySelector(arguments[0]); box.value = arguments[1]; \
         box.dispatchEvent(new Event('input', {bubbles: true}));",
        &[json!(css), json!(text)],
    );
}

/// The explorer's rows: each move and its number of games.
fn explorer_rows(browser: &Browser) -> Vec<(String, u64)> {
    let rows = browser.run(
        "return [...document.querySelectorAll('#explorer-moves tr')] \
           .map(tr => [tr.cells[0].textContent, Number(tr.cells[1].textContent)])",
        &[],
    );
    serde_json::from_value(rows).expect("rows")
}

/// How many games played each move after `line`, most played first (then by name).
fn expected_moves(games: &[GameRecord], line: &[&str]) -> Vec<(String, u64)> {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for game in games {
        let played = moves(game);
        if played.len() > line.len() && played.iter().zip(line).all(|(a, b)| a == b) {
            *counts.entry(played[line.len()].clone()).or_default() += 1;
        }
    }
    let mut rows: Vec<(String, u64)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows
}

fn sorted(mut rows: Vec<(String, u64)>) -> Vec<(String, u64)> {
    rows.sort();
    rows
}

#[test]
fn the_archive_is_searched_opened_explored_and_ranked() {
    let games = games();
    let (_server, browser) = open(&games, 1280, 900, "");
    let dir = screenshots();
    browser.find("#tab-archive").click();
    // The hostile game is in the archive too (it played S5).
    let mut all = games.clone();
    all.extend(songo_notation::record::read_all(HOSTILE).expect("the hostile game reads"));
    the_explorer_counts_the_first_moves(&browser, &games, &all);
    browser.screenshot(&dir.join("archive-desktop-explorer.png"));
    a_move_of_the_explorer_is_played_and_undone(&browser, &all);
    let theirs = a_player_s_games_are_found(&browser, &games);
    browser.screenshot(&dir.join("archive-desktop-search.png"));
    let game = theirs[1];
    the_second_game_found_opens_on_the_board(&browser, game);
    // The standings of the game's event, filled in when it was opened.
    let event = tag(game, "Event").to_owned();
    assert_eq!(
        browser.run(
            "return document.getElementById('standings-event').value",
            &[]
        ),
        json!(event)
    );
    the_event_s_crosstable_is_shown(&browser, &games, &event);
    browser.run("document.getElementById('standings').scrollIntoView()", &[]);
    browser.screenshot(&dir.join("archive-desktop-standings.png"));
    the_games_through_a_position_come_ten_at_a_time(&browser);
}

/// The explorer of the start: every game's first move, counted, the
/// results of the games, and each move's bar named with its shares.
fn the_explorer_counts_the_first_moves(
    browser: &Browser,
    games: &[GameRecord],
    all: &[GameRecord],
) {
    let expected = expected_moves(all, &[]);
    let total: u64 = expected.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 13);
    browser.wait_for(
        "the explorer of the start",
        "return document.querySelectorAll('#explorer-moves tr').length > 0",
    );
    assert_eq!(sorted(explorer_rows(browser)), sorted(expected));
    let (mut south, mut north, mut draw) = (0, 0, 0);
    for game in games {
        if let Some((s, n)) = score(game) {
            match winner_of(s, n) {
                Some(Side::South) => south += 1,
                Some(Side::North) => north += 1,
                None => draw += 1,
            }
        }
    }
    assert_eq!(
        browser.text("#explorer-summary"),
        format!(
            "13 games went through this position: South won {south}, North {north}, draws {draw}."
        )
    );
    // Each move's bar is named with its shares.
    let label = browser.run(
        "return document.querySelector('#explorer-moves .result-bar').getAttribute('aria-label')",
        &[],
    );
    assert!(
        label.as_str().is_some_and(|l| l.starts_with("South wins ")),
        "{label}"
    );
}

/// A move of the explorer is played on the board, and the explorer
/// follows; undo steps back, and the explorer with it.
fn a_move_of_the_explorer_is_played_and_undone(browser: &Browser, all: &[GameRecord]) {
    let expected = expected_moves(all, &[]);
    let (first_move, first_count) = expected[0].clone();
    browser
        .find(&format!(
            "#explorer-moves tr:first-child button[aria-label^=\"Play {first_move} \"]"
        ))
        .click();
    browser.wait_for(
        "the move played on the board",
        &format!("return document.getElementById('line').textContent === '{first_move}'"),
    );
    let after = expected_moves(all, &[first_move.as_str()]);
    let after_total: u64 = after.iter().map(|(_, n)| n).sum();
    assert_eq!(after_total, first_count);
    browser.wait_for(
        "the explorer after the move",
        &format!(
            "return document.getElementById('explorer-summary').textContent.startsWith('{first_count} game')"
        ),
    );
    assert_eq!(sorted(explorer_rows(browser)), sorted(after));
    // Undo steps back, and the explorer with it.
    browser.find("#undo").click();
    browser.wait_for(
        "the explorer of the start again",
        "return document.getElementById('explorer-summary').textContent.startsWith('13 games')",
    );
}

/// A search by player finds exactly that player's games, in both colours.
fn a_player_s_games_are_found<'g>(
    browser: &Browser,
    games: &'g [GameRecord],
) -> Vec<&'g GameRecord> {
    let player = tag(&games[0], "South").to_owned();
    let theirs: Vec<&GameRecord> = games
        .iter()
        .filter(|g| tag(g, "South") == player || tag(g, "North") == player)
        .collect();
    assert_eq!(theirs.len(), 3, "a round robin of four: three games each");
    set_field(browser, "#search-player", &player);
    browser.find("#search").click();
    browser.wait_for(
        "the player's games",
        "return document.getElementById('search-summary').textContent.includes('found')",
    );
    assert_eq!(browser.text("#search-summary"), "3 games found.");
    let listed = browser.run(
        "return [...document.querySelectorAll('#search-results .players')].map(e => e.textContent)",
        &[],
    );
    let wanted: Vec<String> = theirs
        .iter()
        .map(|g| format!("{} – {}", tag(g, "South"), tag(g, "North")))
        .collect();
    assert_eq!(listed, json!(wanted));
    theirs
}

/// The second game found, opened: its moves become the line on the board,
/// at its start, and "last" goes to its end.
fn the_second_game_found_opens_on_the_board(browser: &Browser, game: &GameRecord) {
    let line = moves(game);
    browser
        .find("#search-results li:nth-child(2) button.open-game")
        .click();
    browser.wait_for(
        "the game on the board",
        &format!(
            "return document.querySelectorAll('#line li').length === {}",
            line.len()
        ),
    );
    assert_eq!(
        browser.run(
            "return [...document.querySelectorAll('#line .ply')].map(b => b.textContent)",
            &[]
        ),
        json!(line)
    );
    assert_eq!(
        browser.run("return document.getElementById('undo').disabled", &[]),
        json!(true),
        "the game opens at its start"
    );
    assert!(
        browser.text("#status").starts_with(&format!(
            "{} – {}:",
            tag(game, "South"),
            tag(game, "North")
        )),
        "{}",
        browser.text("#status")
    );
    browser.find("#last").click();
    browser.wait_for(
        "the game's last position",
        &format!(
            "return document.querySelector('#line .ply[aria-current]')?.textContent === '{}'",
            line[line.len() - 1]
        ),
    );
}

/// The event's crosstable: each player's points and seeds, best first,
/// and each head-to-head cell the row's points against the column's player.
fn the_event_s_crosstable_is_shown(browser: &Browser, games: &[GameRecord], event: &str) {
    browser.find("#standings-show").click();
    browser.wait_for(
        "the crosstable",
        "return document.querySelectorAll('#standings-body tr').length > 0",
    );
    let (points, against) = expected_standings(games, event);
    assert_eq!(points.len(), 4, "{points:?}");
    let shown = browser.run(
        "return [...document.querySelectorAll('#standings-body tr')].map(tr => \
           [tr.querySelector('th').textContent, tr.cells[2].textContent, Number(tr.cells[5].textContent.split('–')[0])])",
        &[],
    );
    let shown: Vec<(String, String, i64)> = serde_json::from_value(shown).expect("rows");
    let mut expected_rows: Vec<(String, String, i64)> = points
        .iter()
        .map(|(name, (p, seeds))| (name.clone(), half(*p), *seeds))
        .collect();
    let mut shown_sorted = shown.clone();
    shown_sorted.sort();
    expected_rows.sort();
    assert_eq!(shown_sorted, expected_rows);
    // Head to head: each cell is the row's points against the column's player.
    let grid = browser.run(
        "return [...document.querySelectorAll('#standings-body tr')].map(tr => [...tr.cells].slice(6).map(c => c.textContent))",
        &[],
    );
    let grid: Vec<Vec<String>> = serde_json::from_value(grid).expect("the grid");
    for (i, row) in shown.iter().enumerate() {
        for (j, column) in shown.iter().enumerate() {
            let want = if i == j {
                "×".to_owned()
            } else {
                against
                    .get(&(row.0.clone(), column.0.clone()))
                    .map_or(String::new(), |p| half(*p))
            };
            assert_eq!(grid[i][j], want, "{} against {}", row.0, column.0);
        }
    }
    // Best first, and a head-to-head column per player.
    let best = points.values().map(|(p, _)| *p).fold(f64::MIN, f64::max);
    assert_eq!(shown[0].1, half(best));
    assert_eq!(
        browser.run(
            "return document.querySelectorAll('#standings-head th').length",
            &[]
        ),
        json!(6 + 4)
    );
    assert_eq!(
        browser.run(
            "return document.querySelectorAll('#standings thead th[scope=col]').length",
            &[]
        ),
        json!(10)
    );
}

/// Each player's points and seeds won.
type Points = BTreeMap<String, (f64, i64)>;

/// The points of a player (first) against another.
type HeadToHead = BTreeMap<(String, String), f64>;

/// Each player's points and seeds won in `event`, and the points each
/// scored against each opponent, from the games' results.
fn expected_standings(games: &[GameRecord], event: &str) -> (Points, HeadToHead) {
    let mut points = Points::new();
    let mut against = HeadToHead::new();
    for g in games.iter().filter(|g| tag(g, "Event") == event) {
        let Some((s, n)) = score(g) else {
            continue;
        };
        let (ps, pn) = match winner_of(s, n) {
            Some(Side::South) => (1.0, 0.0),
            Some(Side::North) => (0.0, 1.0),
            None => (0.5, 0.5),
        };
        let pair = (tag(g, "South").to_owned(), tag(g, "North").to_owned());
        against.insert(pair.clone(), ps);
        against.insert((pair.1, pair.0), pn);
        let south = points.entry(tag(g, "South").to_owned()).or_default();
        south.0 += ps;
        south.1 += s;
        let north = points.entry(tag(g, "North").to_owned()).or_default();
        north.0 += pn;
        north.1 += n;
    }
    (points, against)
}

/// Points as the page writes them: `2½`, `½`, `3`.
fn half(p: f64) -> String {
    let whole = p.floor();
    if p - whole >= 0.5 {
        if whole > 0.0 {
            format!("{whole}½")
        } else {
            "½".to_owned()
        }
    } else {
        format!("{whole}")
    }
}

/// The games through the board shown, ten at a time: "More" asks for the
/// next page with the API's cursor.
fn the_games_through_a_position_come_ten_at_a_time(browser: &Browser) {
    set_field(browser, "#search-player", "");
    browser.find("#search-through").click();
    browser.find("#first").click();
    browser.wait_for(
        "the board at the start",
        "return document.getElementById('first').disabled",
    );
    browser.find("#search").click();
    browser.wait_for(
        "the first ten games through the start",
        "return document.getElementById('search-summary').textContent === '10 games shown; there are more.'",
    );
    browser.find("#search-more").click();
    browser.wait_for(
        "the games through the start",
        "return document.getElementById('search-summary').textContent === '13 games found.'",
    );
    assert_eq!(
        browser.run(
            "return [document.querySelectorAll('#search-results li').length, document.getElementById('search-more').hidden]",
            &[]
        ),
        json!([13, true])
    );
}

#[test]
fn the_archive_tab_in_french_on_a_phone_shows_names_as_text() {
    let games = games();
    let (_server, browser) = open(&games, 360, 740, "#lang=fr");
    let dir = screenshots();
    browser.find("#tab-archive").click();
    assert_eq!(browser.text("#tab-archive"), "Archives");
    browser.wait_for(
        "the explorer in French",
        "return document.getElementById('explorer-summary').textContent.startsWith('13 parties sont passées')",
    );
    assert_eq!(browser.text("#explorer thead th:first-child"), "Coup");
    assert_eq!(browser.text("#keeping-heading"), "Corriger une partie");
    browser.run("document.querySelector('.tabs').scrollIntoView()", &[]);
    browser.screenshot(&dir.join("archive-phone-fr-explorer.png"));
    // The hostile names are found, shown as text, and run nothing.
    set_field(
        &browser,
        "#search-player",
        "<script>window.pwned = 1</script>",
    );
    browser.find("#search").click();
    browser.wait_for(
        "the game of the hostile names",
        "return document.getElementById('search-summary').textContent === '1 partie trouvée.'",
    );
    assert_eq!(
        browser.text("#search-results .players"),
        "<script>window.pwned = 1</script> – <img src=x onerror=\"window.pwned = 2\">"
    );
    assert!(
        browser
            .text("#search-results .meta")
            .starts_with("<b>Soirée</b> du club · ronde 1"),
        "{}",
        browser.text("#search-results .meta")
    );
    browser.find("#search-results button.open-game").click();
    browser.wait_for(
        "the hostile game on the board",
        "return document.getElementById('line').textContent === 'S5N0'",
    );
    assert_eq!(
        browser.run(
            "return [window.pwned ?? null, document.querySelectorAll('#panel-archive script, #panel-archive img, #panel-archive b, #status script').length]",
            &[]
        ),
        json!([null, 0])
    );
    the_hostile_game_is_shown_to_correct_as_text(&browser, &dir);
    // The standings of the first event, in French.
    let event = tag(&games[0], "Event").to_owned();
    set_field(&browser, "#standings-event", &event);
    browser.find("#standings-show").click();
    browser.wait_for(
        "the crosstable in French",
        "return document.querySelectorAll('#standings-body tr').length === 4",
    );
    assert_eq!(browser.text("#standings-head th:nth-child(2)"), "Joueur");
    assert_eq!(
        browser.text("#standings-caption"),
        format!("{event}\u{a0}: 6 parties")
    );
    // The phone's promises: nothing wider than the screen, 44 px targets.
    assert_eq!(
        browser.run(
            "return document.documentElement.scrollWidth - window.innerWidth",
            &[]
        ),
        json!(0),
        "the page is wider than a 360 px phone"
    );
    let small = browser.run(
        "return [...document.querySelectorAll('#panel-archive button, #panel-archive select, #panel-archive input:not([type=checkbox])')] \
           .filter(e => e.offsetParent !== null) \
           .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; }) \
           .map(e => e.id || e.textContent).join(', ')",
        &[],
    );
    assert_eq!(small, json!(""), "controls smaller than 44 px");
    browser.run("document.getElementById('standings').scrollIntoView()", &[]);
    browser.screenshot(&dir.join("archive-phone-fr-standings.png"));
    browser.run(
        "document.getElementById('search-heading').scrollIntoView()",
        &[],
    );
    browser.screenshot(&dir.join("archive-phone-fr-search.png"));
}

/// The hostile game shown to correct (in French): its names as text, its
/// history.
fn the_hostile_game_is_shown_to_correct_as_text(browser: &Browser, dir: &std::path::Path) {
    browser.wait_for(
        "the hostile game's history",
        "return document.querySelectorAll('#keeping-history li').length === 1",
    );
    assert_eq!(
        browser.text("#keeping-title"),
        "<script>window.pwned = 1</script> – <img src=x onerror=\"window.pwned = 2\">"
    );
    assert_eq!(
        browser.text("#keeping-history .revision-head"),
        "Révision 1 · importée · actuelle"
    );
    browser.run("document.getElementById('keeping').scrollIntoView()", &[]);
    browser.screenshot(&dir.join("archive-phone-fr-keeping.png"));
}

#[test]
fn without_an_archive_the_tab_says_how_to_keep_one() {
    let server = TestServer::start();
    let browser = Browser::on_page(&server, 1280, 900, "#lang=fr");
    browser.find("#tab-archive").click();
    browser.wait_for(
        "the tab to say there is no archive",
        "return !document.getElementById('archive-none').hidden",
    );
    assert!(
        browser
            .run(
                "return document.getElementById('archive-tools').hidden",
                &[]
            )
            .as_bool()
            .unwrap_or_default()
    );
    assert_eq!(
        browser.text("#archive-none-text"),
        "Ce serveur ne tient pas d’archive de parties."
    );
    assert!(
        browser
            .text("#archive-none pre")
            .contains("songo serve --archive games.sqlite")
    );
    browser.screenshot(&screenshots().join("archive-desktop-fr-none.png"));
}

/// A keeper corrects a game through the page: opens a game found, fixes a
/// tag with a reason (the token asked for once, kept for the tab, never in
/// the URL), sees the history with an old revision's text, is told when
/// another keeper changed the game meanwhile, deletes it and restores it.
/// Every text the keeper typed is shown as text. The screenshot of the
/// history is `archive-history.png` (docs/archive-history.png).
#[test]
fn a_keeper_fixes_a_tag_and_sees_the_history() {
    let games = games();
    let (server, browser) = open(&games, 1280, 900, "");
    browser.find("#tab-archive").click();
    let theirs = a_player_s_games_are_found(&browser, &games);
    let game = theirs[0];
    browser
        .find("#search-results li:first-child button.open-game")
        .click();
    browser.wait_for(
        "the game shown to correct, with its history",
        "return !document.getElementById('keeping-game').hidden \
           && document.querySelectorAll('#keeping-history li').length === 1",
    );
    assert_eq!(
        browser.text("#keeping-title"),
        format!("{} – {}", tag(game, "South"), tag(game, "North"))
    );
    let id = browser
        .run("return document.getElementById('keeping-id').value", &[])
        .as_str()
        .expect("the game's id")
        .to_owned();
    a_tag_is_fixed_with_the_token_asked_once(&browser, game);
    an_old_revision_s_text_is_shown(&browser, game);
    // The whole section in one picture: a taller window for it.
    browser.resize(1280, 1700);
    browser.run("document.getElementById('keeping').scrollIntoView()", &[]);
    browser.screenshot(&screenshots().join("archive-history.png"));
    browser.resize(1280, 900);
    another_keeper_s_change_is_not_overwritten(&browser, &server, &id);
    the_game_is_deleted_and_restored(&browser, &server, &id);
}

/// The Site fixed: the token is asked for, then kept in the tab's
/// sessionStorage (not in the URL); revision 2 is the current one.
fn a_tag_is_fixed_with_the_token_asked_once(browser: &Browser, game: &GameRecord) {
    let site = "#keeping-tags input[data-tag=\"Site\"]";
    assert_eq!(
        browser.run(
            "return document.querySelector(arguments[0]).value",
            &[json!(site)]
        ),
        json!(tag(game, "Site"))
    );
    set_field(browser, site, "Mfou, Cameroon");
    set_field(browser, "#keeping-reason", "the score sheet says Mfou");
    browser.find("#keeping-save").click();
    browser.wait_for(
        "the token to be asked for",
        "return !document.getElementById('keeping-token-box').hidden",
    );
    assert_eq!(
        browser.text("#keeping-summary"),
        "Give the archive's write token, then try again."
    );
    browser.find("#keeping-token").type_text(TOKEN);
    browser.find("#keeping-save").click();
    browser.wait_for(
        "the correction saved",
        "return document.getElementById('keeping-summary').textContent === 'Saved: revision 2.' \
           && document.querySelectorAll('#keeping-history li').length === 2",
    );
    assert_eq!(
        browser.run(
            "return [sessionStorage.getItem('songo-archive-token'), location.href.includes(arguments[0]), \
                     document.getElementById('keeping-token-box').hidden, document.getElementById('keeping-token').value]",
            &[json!(TOKEN)]
        ),
        json!([TOKEN, false, true, ""])
    );
    let newest = history_items(browser);
    assert_eq!(
        newest[0],
        json!([
            "Revision 2 · corrected · current",
            "by serve --archive-token-file",
            "the score sheet says Mfou"
        ])
    );
    assert_eq!(newest[1][0], "Revision 1 · imported");
    assert_eq!(newest[1][2], "no reason given");
    assert_eq!(
        browser.text("#keeping-state"),
        format!(
            "Game {}, revision 2",
            browser
                .run("return document.getElementById('keeping-id').value", &[])
                .as_str()
                .unwrap_or_default()
        )
    );
}

/// Each revision shown, newest first: its head, who, and why.
fn history_items(browser: &Browser) -> Vec<Value> {
    let items = browser.run(
        "return [...document.querySelectorAll('#keeping-history li')].map(li => \
           [li.querySelector('.revision-head').textContent, li.querySelector('.meta').textContent.split(' · ')[1], \
            li.querySelector('.reason').textContent])",
        &[],
    );
    serde_json::from_value(items).expect("the history's items")
}

/// Revision 1's text, shown on demand, is the game as imported.
fn an_old_revision_s_text_is_shown(browser: &Browser, game: &GameRecord) {
    browser
        .find("#keeping-history li:last-child button.show-text")
        .click();
    browser.wait_for(
        "revision 1's text",
        "return !document.getElementById('revision-text-1').hidden",
    );
    let text = browser.text("#revision-text-1");
    assert!(
        text.contains(&format!("[Site \"{}\"]", tag(game, "Site"))),
        "{text}"
    );
    assert_eq!(
        browser.text("#keeping-history li:last-child button.show-text"),
        "Hide the text"
    );
    assert_eq!(
        browser.run(
            "return document.getElementById('revision-text-2').hidden",
            &[]
        ),
        json!(true),
        "only the text asked for is shown"
    );
}

/// Another keeper corrects the game over HTTP while the page shows
/// revision 2: the page's change is refused, the game shown again as it
/// is now (revision 3, the other keeper's round), and made again on it.
fn another_keeper_s_change_is_not_overwritten(browser: &Browser, server: &TestServer, id: &str) {
    let bearer = format!("Bearer {TOKEN}");
    let if_match = format!("\"{id}-2\"");
    let reply = server.request(
        "PATCH",
        &format!("/v1/games/{id}"),
        &[
            ("Authorization", &bearer),
            ("If-Match", &if_match),
            ("Content-Type", "application/json"),
        ],
        Some(br#"{"tags": {"Round": "7"}, "reason": "the pairing sheet"}"#),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    let annotator = "#keeping-new-name";
    set_field(browser, annotator, "Annotator");
    set_field(browser, "#keeping-new-value", "Dora N.");
    set_field(browser, "#keeping-reason", "who wrote the notes");
    browser.find("#keeping-save").click();
    browser.wait_for(
        "the page told that the game changed meanwhile",
        "return document.getElementById('keeping-summary').textContent.startsWith('Someone changed this game meanwhile') \
           && document.querySelector('#keeping-tags input[data-tag=\"Round\"]').value === '7'",
    );
    assert!(
        browser.text("#keeping-summary").contains("revision 3"),
        "{}",
        browser.text("#keeping-summary")
    );
    // Made again, with HTML typed in: shown as text everywhere.
    set_field(browser, annotator, "Annotator");
    set_field(browser, "#keeping-new-value", "<b>Dora</b> N.");
    set_field(browser, "#keeping-reason", "who wrote <i>the notes</i>");
    browser.find("#keeping-save").click();
    browser.wait_for(
        "the change made again, on revision 3",
        "return document.getElementById('keeping-summary').textContent === 'Saved: revision 4.' \
           && document.querySelector('#keeping-tags input[data-tag=\"Annotator\"]')?.value === '<b>Dora</b> N.'",
    );
    assert_eq!(history_items(browser)[0][2], "who wrote <i>the notes</i>");
    assert_eq!(
        browser.run(
            "return document.querySelectorAll('#panel-archive b, #panel-archive i').length",
            &[]
        ),
        json!(0),
        "the typed HTML is shown as text"
    );
    let game = server.get(&format!("/v1/games/{id}")).json();
    assert_eq!(
        (
            &game["tags"]["Round"],
            &game["tags"]["Site"],
            &game["tags"]["Annotator"]
        ),
        (
            &json!("7"),
            &json!("Mfou, Cameroon"),
            &json!("<b>Dora</b> N.")
        )
    );
}

/// Deleted from the page (the token not asked again): the game leaves
/// the list found; restored, it is back in the archive's search.
fn the_game_is_deleted_and_restored(browser: &Browser, server: &TestServer, id: &str) {
    set_field(browser, "#keeping-reason", "entered twice");
    browser.find("#keeping-delete").click();
    browser.wait_for(
        "the game deleted",
        "return document.getElementById('keeping-summary').textContent === 'Deleted: revision 5. It can be restored.' \
           && !document.getElementById('keeping-restore').hidden",
    );
    assert_eq!(
        browser.run(
            "return [document.getElementById('keeping-token-box').hidden, !document.getElementById('keeping-deleted').hidden, \
                     document.getElementById('keeping-save').hidden, document.querySelectorAll('#search-results li').length, \
                     document.getElementById('search-summary').textContent]",
            &[]
        ),
        json!([true, true, true, 2, "2 games found."])
    );
    let listed = |server: &TestServer| {
        server.get("/v1/games?limit=100").json()["games"]
            .as_array()
            .expect("games")
            .iter()
            .any(|g| g["id"] == id)
    };
    assert!(!listed(server));
    browser.find("#keeping-restore").click();
    browser.wait_for(
        "the game restored",
        "return document.getElementById('keeping-summary').textContent === 'Restored: revision 6.' \
           && document.querySelectorAll('#keeping-history li').length === 6",
    );
    assert!(listed(server));
    let actions: Vec<String> = history_items(browser)
        .iter()
        .map(|item| item[0].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        actions,
        [
            "Revision 6 · restored · current",
            "Revision 5 · deleted",
            "Revision 4 · corrected",
            "Revision 3 · corrected",
            "Revision 2 · corrected",
            "Revision 1 · imported",
        ]
    );
}
