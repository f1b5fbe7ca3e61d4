// The director's Tournament tab: run an event of the archive from a phone.
// Create it, register players (the archive's, searched by name), pair the
// next round (the server's engines), enter or correct each board's result,
// print the pairings and the standings, and publish the standings by a
// link (`#event=ID`, readable without a token). Writes need the archive's
// write token, asked once per tab and kept in sessionStorage (the same key
// as the Archive tab's), never in the URL. Every text from the archive is
// put on the page with textContent, never as HTML.

import * as api from './api.js';
import { lang, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

const TOKEN_KEY = 'songo-archive-token';

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Points as people write them: 2½, ½, 3. */
function points(value) {
  const halves = Math.round(value * 2);
  const whole = Math.floor(halves / 2);
  if (halves % 2 === 0) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

/** C.07's acronyms of the tie-breaks (the clubs' seed difference: ±). */
const ACRONYMS = {
  direct: 'DE',
  wins: 'WIN',
  sb: 'SB',
  buchholz: 'BH',
  'buchholz-cut1': 'BH-C1',
  'buchholz-median1': 'BH-M1',
  'seed-diff': '±',
};

export class Tournament {
  /** `hooks.problemText(problem)` says a problem in words. */
  constructor(hooks) {
    this.hooks = hooks;
    this.event = null;
    this.message = null;
    $('tournament-create').addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    $('tournament-register').addEventListener('submit', (event) => {
      event.preventDefault();
      this.register();
    });
    $('tournament-player').addEventListener('input', () => this.suggest());
    $('tournament-pair').addEventListener('click', () => this.pair());
    $('tournament-print').addEventListener('click', () => window.print());
    $('tournament-open').addEventListener('submit', (event) => {
      event.preventDefault();
      const id = $('tournament-id').value.trim();
      if (id) this.open(id);
    });
    $('tournament-copy').addEventListener('click', () => {
      $('tournament-link').select();
      navigator.clipboard?.writeText($('tournament-link').value).catch(() => {});
    });
  }

  /** The write token: kept for this tab, else typed (then kept), else asked for. */
  token() {
    const kept = sessionStorage.getItem(TOKEN_KEY);
    if (kept) return kept;
    const typed = $('tournament-token').value.trim();
    if (typed) {
      sessionStorage.setItem(TOKEN_KEY, typed);
      $('tournament-token').value = '';
      $('tournament-token-box').hidden = true;
      return typed;
    }
    $('tournament-token-box').hidden = false;
    $('tournament-token').focus();
    this.say('page-tournament-token-needed', {}, true);
    return null;
  }

  /** A write; a refused token is forgotten and asked for again. */
  async write(path, body) {
    const token = this.token();
    if (!token) return null;
    const answer = await api.call(path, { body: body ?? {}, extra: { Authorization: `Bearer ${token}` } });
    if (answer.status === 401 || answer.status === 403) {
      if (answer.status === 401) sessionStorage.removeItem(TOKEN_KEY);
      $('tournament-token-box').hidden = answer.status !== 401;
    }
    if (!answer.ok) {
      this.sayText(this.hooks.problemText(answer.data), true);
      return null;
    }
    return answer.data;
  }

  say(id, args = {}, bad = false) {
    this.message = [id, args, bad];
    this.sayText(t(id, args), bad);
  }

  sayText(text, bad) {
    const box = $('tournament-message');
    box.textContent = text;
    box.classList.toggle('bad', Boolean(bad));
  }

  async create() {
    const rounds = Number($('tournament-rounds').value) || undefined;
    const body = {
      name: $('tournament-name').value.trim(),
      system: $('tournament-system').value,
    };
    const site = $('tournament-site').value.trim();
    if (site) body.site = site;
    if (rounds && body.system === 'dutch') body.rounds = rounds;
    const event = await this.write('/v1/events', body);
    if (!event) return;
    this.show(event);
    this.say('page-tournament-created', { name: event.name });
  }

  /** Names of the archive's players that begin like the one typed. */
  async suggest() {
    const name = $('tournament-player').value.trim();
    if (name.length < 2) return;
    const answer = await api.call(`/v1/players?name=${encodeURIComponent(name)}&limit=20`, { method: 'GET' });
    if (!answer.ok) return;
    const list = $('tournament-players-found');
    list.replaceChildren(...(answer.data.players ?? []).map((player) => {
      const option = document.createElement('option');
      option.value = player.name;
      return option;
    }));
  }

  async register() {
    if (!this.event) return;
    const name = $('tournament-player').value.trim();
    if (!name) return;
    const body = { name };
    const rating = Number($('tournament-rating').value);
    if (rating > 0) body.rating = rating;
    const player = await this.write(`/v1/events/${this.event.id}/players`, body);
    if (!player) return;
    $('tournament-player').value = '';
    $('tournament-rating').value = '';
    this.say('page-tournament-registered', { name: player.name, number: player.number });
    await this.open(this.event.id);
    $('tournament-player').focus();
  }

  async pair() {
    if (!this.event) return;
    const round = await this.write(`/v1/events/${this.event.id}/rounds`);
    if (!round) return;
    this.say('page-tournament-paired', { round: round.round });
    await this.open(this.event.id);
  }

  async enter(round, board, result) {
    const answer = await this.write(`/v1/events/${this.event.id}/results`, { round, board, result });
    if (!answer) return;
    this.say('page-tournament-entered', { round, board: board });
    await this.open(this.event.id);
  }

  /** Shows event `id` as it stands (no token needed to read). */
  async open(id) {
    const answer = await api.call(`/v1/events/${encodeURIComponent(id)}`, { method: 'GET' });
    if (!answer.ok) {
      this.sayText(this.hooks.problemText(answer.data), true);
      return;
    }
    this.show(answer.data);
  }

  show(event) {
    this.event = event;
    $('tournament-event').hidden = false;
    $('tournament-title').textContent = event.site ? `${event.name} (${event.site})` : event.name;
    const paired = event.rounds.length;
    $('tournament-state').textContent = t('page-tournament-state', {
      system: t(`page-tournament-system-${event.system}`),
      paired,
      rounds: event.planned_rounds || '?',
      count: event.players.length,
    });
    $('tournament-register').hidden = paired > 0;
    // Once paired, the field folds away: the boards come first on a phone.
    $('tournament-field').open = paired === 0;
    const link = `${location.origin}/#event=${event.id}&lang=${lang()}`;
    $('tournament-link').value = link;
    if (location.hash !== `#event=${event.id}`) history.replaceState(null, '', `#event=${event.id}`);
    this.showPlayers(event);
    this.showRound(event);
    this.showStandings(event);
  }

  showPlayers(event) {
    const list = $('tournament-entrants');
    list.replaceChildren(...event.players.map((player) => {
      const item = element('li', null, player.rating ? `${player.name} (${player.rating})` : player.name);
      item.value = player.number;
      return item;
    }));
  }

  name(number) {
    const player = this.event.players.find((p) => p.number === number);
    return player ? `${player.name} (${number})` : String(number);
  }

  /** The last round's boards, each with its result buttons. */
  showRound(event) {
    const boards = $('tournament-boards');
    const round = event.rounds.at(-1);
    $('tournament-round-heading').textContent = round ? t('page-tournament-round', { round: round.round }) : '';
    boards.replaceChildren();
    if (!round) return;
    for (const board of round.boards) {
      const item = element('li', 'tournament-board');
      item.dataset.board = board.board;
      const players = element('p', 'tournament-pair');
      players.append(element('span', 'tournament-number', `${board.board}.`), ' ',
        element('span', 'tournament-white', this.name(board.white)), ' – ',
        element('span', 'tournament-black', board.black === null ? t('page-tournament-bye') : this.name(board.black)));
      item.append(players);
      if (board.black !== null) {
        const result = board.result === '1/2-1/2' ? '½-½' : board.result;
        const shown = result ? (board.score ? `${result} (${board.score})` : result) : '…';
        item.append(element('p', 'tournament-result', shown));
        item.append(this.resultForm(round.round, board));
      }
      boards.append(item);
    }
  }

  /** A score and the one-tap results; a board with a result is corrected the same way. */
  resultForm(round, board) {
    const form = element('form', 'row wrap tournament-enter no-print');
    form.noValidate = true;
    const score = element('input', 'tournament-score');
    score.inputMode = 'numeric';
    score.placeholder = '41-29';
    score.setAttribute('aria-label', t('page-tournament-score'));
    score.size = 6;
    const save = element('button', null, board.result ? t('page-tournament-correct') : t('page-tournament-save'));
    save.type = 'submit';
    form.append(score, save);
    for (const result of ['1/2-1/2', '+/-', '-/+', '-/-']) {
      const button = element('button', 'tournament-quick', result === '1/2-1/2' ? '½-½' : result);
      button.type = 'button';
      button.dataset.result = result;
      button.addEventListener('click', () => this.enter(round, board.board, result));
      form.append(button);
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = score.value.trim();
      if (value) this.enter(round, board.board, value);
    });
    return form;
  }

  showStandings(event) {
    const table = $('tournament-standings');
    const head = element('tr');
    for (const id of ['page-tournament-place', 'page-tournament-player', 'page-tournament-points']) {
      head.append(element('th', null, t(id)));
    }
    for (const name of event.tiebreaks) {
      // C.07's acronyms fit a phone's width; the name is the cell's title.
      const cell = element('th', 'num', ACRONYMS[name] ?? name);
      cell.title = name;
      head.append(cell);
    }
    const rows = event.standings.map((line) => {
      const row = element('tr');
      row.append(element('td', 'num', String(line.place)), element('td', null, `${line.name} (${line.number})`),
        element('td', 'num', points(line.points)));
      for (const value of line.tiebreaks) row.append(element('td', 'num', points(value)));
      return row;
    });
    table.replaceChildren(head, ...rows);
  }

  retranslate() {
    if (this.event) this.show(this.event);
    if (this.message) this.say(...this.message);
  }
}
