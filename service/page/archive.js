// The Archive tab: the server's archive of games (songo serve --archive).
// Search it, open a game on the board, see the moves played from the
// board's position (the explorer, in the manner of lichess's opening
// explorer) and an event's crosstable. Every text from the archive (names,
// events, sites, results) is put on the page with textContent, never as HTML.

import * as api from './api.js';
import { t } from './i18n.js';
import { Keeping } from './keeping.js';
import { gameLine } from './record.js';

const $ = (id) => document.getElementById(id);

/** Games asked for per page of a search. */
const PAGE = 10;

/** A number of points: 1, ½, 2½, 0. */
export function pointsText(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (!half) return String(whole);
  return whole ? `${whole}½` : '½';
}

/** An average score for South, signed, one decimal (+2.5, −1, 0). */
function scoreText(value) {
  if (value === null || value === undefined) return '—';
  const rounded = Math.round(value * 10) / 10;
  const text = Math.abs(rounded).toLocaleString(undefined, { maximumFractionDigits: 1 });
  return rounded > 0 ? `+${text}` : rounded < 0 ? `−${text}` : '0';
}

/** Whether an answer says that the server keeps no archive. */
function noArchive(answer) {
  return answer.status === 503 && String(answer.data?.type ?? '').endsWith(':no-archive');
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Archive {
  /**
   * `hooks.position()` is the compact notation of the board shown;
   * `hooks.active()` whether the tab is shown; `hooks.open(line, title)`
   * puts a game's line on the board; `hooks.play(move)` plays a move on
   * the board; `hooks.problemText(problem)` says a problem in words.
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** `false` once the server said it keeps no archive. */
    this.available = null;
    this.explorer = null;
    this.results = [];
    this.next = null;
    this.filters = null;
    this.standings = null;
    this.events = new Set();
    /** Answers that come after a later question are dropped. */
    this.asked = 0;
    this.keeping = new Keeping({
      problemText: hooks.problemText,
      changed: (game) => this.gameChanged(game),
    });
    $('search-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.search();
    });
    $('search-more').addEventListener('click', () => this.more());
    $('standings-show').addEventListener('click', () => this.showStandings($('standings-event').value.trim()));
    $('standings-event').addEventListener('keydown', (event) => {
      if (event.key === 'Enter') $('standings-show').click();
    });
  }

  /** Says that the server keeps no archive, and how to keep one. */
  setAvailable(available) {
    this.available = available;
    $('archive-none').hidden = available;
    $('archive-tools').hidden = !available;
  }

  /** Checks an answer: `true` when it is an answer to use. */
  usable(answer, box) {
    if (noArchive(answer)) {
      this.setAvailable(false);
      return false;
    }
    if (!answer.ok) {
      box.textContent = this.hooks.problemText(answer.data);
      box.classList.add('bad');
      return false;
    }
    box.classList.remove('bad');
    this.setAvailable(true);
    return true;
  }

  /** The explorer of the board shown (when the tab is shown). */
  async refresh() {
    if (!this.hooks.active()) return;
    const position = this.hooks.position();
    if (!position) return;
    const asked = ++this.asked;
    const answer = await api.explore(position, 5);
    if (asked !== this.asked) return;
    if (!this.usable(answer, $('explorer-summary'))) {
      this.explorer = null;
      $('explorer').hidden = true;
      $('explorer-moves').replaceChildren();
      $('explorer-recent').replaceChildren();
      $('explorer-recent-heading').hidden = true;
      return;
    }
    this.explorer = answer.data;
    this.writeExplorer();
  }

  writeExplorer() {
    const report = this.explorer;
    if (!report) return;
    const summary = $('explorer-summary');
    if (!report.games) {
      summary.textContent = t('page-explorer-none');
    } else {
      const { south, north, draw } = report.results;
      let text = t('page-explorer-summary', { count: report.games, south, north, draw });
      if (report.ended) text += ` ${t('page-explorer-ended', { count: report.ended })}`;
      summary.textContent = text;
    }
    const body = $('explorer-moves');
    body.replaceChildren();
    for (const entry of report.moves) {
      const row = document.createElement('tr');
      const moveCell = document.createElement('td');
      const button = element('button', 'explorer-move', entry.move);
      button.type = 'button';
      button.setAttribute('aria-label', t('page-explorer-play', { move: entry.move, count: entry.games }));
      button.addEventListener('click', () => this.hooks.play(entry.move));
      moveCell.append(button);
      const games = element('td', 'number', String(entry.games));
      const bar = document.createElement('td');
      bar.append(resultBar(entry.results));
      const average = element('td', 'number', scoreText(entry.average_score));
      row.append(moveCell, games, bar, average);
      body.append(row);
    }
    $('explorer').hidden = report.moves.length === 0;
    const recent = $('explorer-recent');
    recent.replaceChildren(...report.recent.map((game) => this.gameItem(game)));
    $('explorer-recent-heading').hidden = report.recent.length === 0;
  }

  /** The filters of the search form. */
  formFilters() {
    const filters = {};
    for (const field of $('search-form').querySelectorAll('input[name], select[name]')) {
      const value = field.value.trim();
      if (value) filters[field.name] = value;
    }
    if ($('search-through').checked) filters.position = this.hooks.position();
    return filters;
  }

  /** A new search with the form's filters. */
  async search() {
    this.filters = this.formFilters();
    this.results = [];
    this.next = null;
    $('search-results').replaceChildren();
    await this.page();
  }

  /** The next page of the search. */
  async more() {
    if (this.next) await this.page(this.next);
  }

  async page(after) {
    const box = $('search-summary');
    const more = $('search-more');
    more.disabled = true;
    const answer = await api.searchGames({ ...this.filters, limit: PAGE, after });
    more.disabled = false;
    if (!this.usable(answer, box)) {
      more.hidden = true;
      return;
    }
    const list = $('search-results');
    for (const game of answer.data.games) {
      this.results.push(game);
      list.append(this.gameItem(game));
      if (game.tags.Event) this.events.add(game.tags.Event);
    }
    this.next = answer.data.next;
    more.hidden = !this.next;
    this.writeSearchSummary();
    this.writeEvents();
  }

  writeSearchSummary() {
    const count = this.results.length;
    const box = $('search-summary');
    if (!this.filters) return;
    box.textContent = count === 0
      ? t('page-search-none')
      : t(this.next ? 'page-search-some' : 'page-search-all', { count });
  }

  /** The events seen, offered when an event is typed. */
  writeEvents() {
    const list = $('archive-events');
    list.replaceChildren(...[...this.events].sort().map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
  }

  /** Who played a game: "South's name – North's name". */
  static players(game) {
    const south = game.tags.South ?? t('page-south');
    const north = game.tags.North ?? t('page-north');
    return `${south} – ${north}`;
  }

  /** A game in a list: its players, event, round, date, result, and a button to open it. */
  gameItem(game) {
    const li = element('li', game.valid ? 'game-item' : 'game-item invalid');
    li.dataset.id = game.id;
    const text = element('div', 'game-text');
    const who = element('strong', 'players', Archive.players(game));
    const known = (value) => value && !/^[?.\s-]*$/.test(value);
    const facts = [];
    if (known(game.tags.Event)) facts.push(game.tags.Event);
    if (known(game.tags.Round)) facts.push(t('page-archive-round', { text: game.tags.Round }));
    if (known(game.tags.Date) && !game.tags.Date.includes('?')) facts.push(game.tags.Date);
    if (game.result) facts.push(game.result);
    facts.push(t('page-archive-plies', { count: game.plies }));
    if (!game.valid) facts.push(t('page-archive-invalid'));
    const meta = element('span', 'meta', facts.join(' · '));
    text.append(who, meta);
    const open = element('button', 'open-game', t('page-archive-open'));
    open.type = 'button';
    open.setAttribute('aria-label', t('page-archive-open-label', { name: Archive.players(game) }));
    open.addEventListener('click', () => this.open(game));
    li.append(text, open);
    return li;
  }

  /** Puts a game of the archive on the board, at its start, and shows it to correct. */
  async open(game) {
    const box = $('search-summary');
    const answer = await api.archivedGame(game.id);
    if (!this.usable(answer, box)) return;
    this.keeping.showAnswer(answer);
    const record = answer.data.record;
    const checked = await api.validate(record);
    const report = checked.ok ? checked.data.games[0] : null;
    const line = report ? await gameLine(record, report) : null;
    if (!line) {
      box.textContent = checked.ok ? t('page-error') : this.hooks.problemText(checked.data);
      box.classList.add('bad');
      return;
    }
    if (game.tags.Event) $('standings-event').value = game.tags.Event;
    await this.hooks.open(line, record, () => t('page-archive-opened', { name: Archive.players(game), count: game.plies }));
  }

  /**
   * A game corrected, deleted or restored: the list of games found shows
   * it as it is now (a deleted game leaves it), and the explorer counts
   * again.
   */
  gameChanged(game) {
    const at = this.results.findIndex((found) => found.id === game.id);
    if (at >= 0) {
      const { id, tags, rules, plies, result, valid } = game;
      if (game.deleted) this.results.splice(at, 1);
      else this.results[at] = { id, tags, rules, plies, result, valid };
      $('search-results').replaceChildren(...this.results.map((found) => this.gameItem(found)));
      this.writeSearchSummary();
    }
    this.refresh();
  }

  /** An event's crosstable. */
  async showStandings(event) {
    if (!event) return;
    const answer = await api.standings(event);
    const box = $('standings-summary');
    if (!this.usable(answer, box)) {
      this.standings = null;
      $('standings').hidden = true;
      $('standings-note').hidden = true;
      return;
    }
    this.standings = answer.data;
    this.writeStandings();
  }

  writeStandings() {
    const table = this.standings;
    if (!table) return;
    const players = table.players;
    $('standings-summary').textContent = players.length ? '' : t('page-standings-none', { text: table.event });
    $('standings').hidden = players.length === 0;
    $('standings-note').hidden = players.length === 0;
    $('standings-caption').textContent = t('page-standings-caption', { text: table.event, count: table.games });
    const head = document.createElement('tr');
    const columns = [
      ['page-standings-rank', 'number'],
      ['page-standings-player', ''],
      ['page-standings-points', 'number'],
      ['page-standings-games', 'number'],
      ['page-standings-record', 'number'],
      ['page-standings-seeds', 'number'],
    ];
    for (const [id, className] of columns) {
      const th = element('th', className, t(id));
      th.scope = 'col';
      head.append(th);
    }
    players.forEach((player, i) => {
      const th = element('th', 'number', String(i + 1));
      th.scope = 'col';
      const name = t('page-standings-against', { name: player.player });
      th.title = name;
      th.setAttribute('aria-label', name);
      head.append(th);
    });
    $('standings-head').replaceChildren(head);
    const rows = players.map((player, i) => {
      const tr = document.createElement('tr');
      const name = element('th', 'player', player.player);
      name.scope = 'row';
      tr.append(
        element('td', 'number', String(player.rank)),
        name,
        element('td', 'number points', pointsText(player.points)),
        element('td', 'number', String(player.games)),
        element('td', 'number', `${player.wins}–${player.draws}–${player.losses}`),
        element('td', 'number', `${player.seeds_won}–${player.seeds_lost}`),
      );
      players.forEach((other, j) => {
        const scored = player.head_to_head[other.player];
        const cell = element('td', i === j ? 'number self' : 'number',
          i === j ? '×' : scored === undefined ? '' : pointsText(scored));
        tr.append(cell);
      });
      return tr;
    });
    $('standings-body').replaceChildren(...rows);
  }

  /** Words again after a change of language. */
  retranslate() {
    if (this.explorer) this.writeExplorer();
    if (this.results.length || this.filters) {
      $('search-results').replaceChildren(...this.results.map((game) => this.gameItem(game)));
      this.writeSearchSummary();
    }
    if (this.standings) this.writeStandings();
    this.keeping.retranslate();
  }
}

/**
 * The share of South's wins, draws and North's wins as a bar, each part
 * as wide as its share, named for screen readers.
 */
function resultBar(results) {
  const total = results.south + results.draw + results.north;
  const bar = element('div', 'result-bar');
  if (!total) {
    bar.textContent = '—';
    return bar;
  }
  const parts = [
    ['south', results.south],
    ['draw', results.draw],
    ['north', results.north],
  ];
  const percent = (count) => Math.round((100 * count) / total);
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', t('page-explorer-bar', {
    south: percent(results.south), draw: percent(results.draw), north: percent(results.north),
  }));
  for (const [kind, count] of parts) {
    if (!count) continue;
    const share = (100 * count) / total;
    const part = element('span', `part ${kind}`, share >= 25 ? `${percent(count)}%` : '');
    part.style.width = `${share}%`;
    part.title = `${percent(count)}%`;
    bar.append(part);
  }
  return bar;
}
