// The Score sheet tab (issue 39): a live game recorded on a phone beside the
// board. The keeper taps each house as it is played; each move is sent with
// its ply (POST /v1/live/{id}/moves) and shown as recorded only once the
// server has answered 200 (it is then stored). Moves entered while the
// network is down wait in localStorage and are sent in order when it is
// back; a retry of a stored move is answered the same, so nothing is added
// twice. A reload, or another phone given the game's key, carries on from
// the server's moves. Without the key the sheet is a spectator's: read
// only, moved by the server's events (GET /v1/live/{id}/events). The rules
// are the server's: the page decides nothing itself, and every name from
// the server is put on the page with textContent.

import * as api from './api.js';
import { lang, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Where a game's key and its moves not yet sent are kept, by game id. */
const STORE_PREFIX = 'songo-live-';

/** How long to wait before sending again after the network failed (ms). */
const RETRY_MS = 1500;

/** A live game's id: 16 hexadecimal digits. */
const ID = /^[0-9a-f]{16}$/;

/** The kept state of a game on this phone: {key, pending: [{ply, move}]}. */
function kept(id) {
  try {
    return JSON.parse(localStorage.getItem(STORE_PREFIX + id) ?? 'null');
  } catch {
    return null;
  }
}

function keep(id, value) {
  try {
    localStorage.setItem(STORE_PREFIX + id, JSON.stringify(value));
  } catch {
    // A phone whose storage is full or forbidden still records while online.
  }
}

/** The words of a side. */
function sideName(side) {
  return t(side === 'south' ? 'page-south' : 'page-north');
}

/** Whether an answer is the network's failure (to send again), not a refusal. */
function unreachable(answer) {
  return answer.status === 0 || answer.status === 408 || answer.status === 429 || answer.status >= 500;
}

export class Sheet {
  /**
   * `hooks.show(start, steps, marks, message)` shows the line on the board;
   * `hooks.report()` is the moves report of the position shown;
   * `hooks.startOf(rules)` the start of a game; `hooks.problemText(p)`;
   * `hooks.alert(text)` says a refusal; `hooks.linked()` writes the URL;
   * `hooks.status()` writes the status line again.
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** The game (GET /v1/live/{id}), its key (null: a spectator's view). */
    this.game = null;
    this.key = null;
    this.start = null;
    /** The recorded moves as the engine played them (PlayStep). */
    this.steps = [];
    /** Moves entered, not yet stored: [{ply, move}], oldest first. */
    this.pending = [];
    this.sending = false;
    this.offline = false;
    /** A move stored but not drawn: the game is read again. */
    this.behind = false;
    this.retry = null;
    this.source = null;
    /** The spectator's events, handled one after the other. */
    this.chain = Promise.resolve();
    $('live-new').addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    $('live-join').addEventListener('submit', (event) => {
      event.preventDefault();
      this.join($('live-link').value);
    });
    $('live-undo').addEventListener('click', () => this.undo());
    $('live-end-go').addEventListener('click', () => this.end());
    $('live-leave').addEventListener('click', () => this.leave());
    window.addEventListener('online', () => this.flush());
  }

  /** Whether a game is open with its key (moves are entered here). */
  keeping() {
    return Boolean(this.game && this.key && !this.over());
  }

  /** The game's id while one is open. */
  id() {
    return this.game?.id ?? null;
  }

  /** The link a spectator follows. */
  followLink() {
    return `${location.origin}${location.pathname}#live=${this.id()}${lang() !== 'en' ? `&lang=${lang()}` : ''}`;
  }

  /** The link another phone carries on with: it holds the key. */
  keeperLink() {
    return `${location.origin}${location.pathname}#live=${this.id()}&key=${encodeURIComponent(this.key)}`;
  }

  /** Starts a game with the director's write token (POST /v1/live). */
  async create() {
    const value = (id) => $(id).value.trim();
    const body = { rules: $('live-rules').value, south: value('live-south'), north: value('live-north') };
    if (value('live-event')) body.event = value('live-event');
    if (value('live-round')) body.round = value('live-round');
    const answer = await api.call('/v1/live', { body, extra: { Authorization: `Bearer ${value('live-token')}` } });
    if (!answer.ok) {
      this.hooks.alert(this.hooks.problemText(answer.data));
      return;
    }
    $('live-token').value = '';
    keep(answer.data.id, { key: answer.data.key, pending: [] });
    await this.open(answer.data.id);
  }

  /** Opens a game from a link or an id typed (`#live=ID&key=KEY`). */
  join(text) {
    const params = new URLSearchParams(String(text).replace(/^[^#]*#/, ''));
    const id = (params.get('live') ?? String(text).trim()).toLowerCase();
    if (!ID.test(id)) {
      this.hooks.alert(t('page-live-bad-link'));
      return;
    }
    return this.fromParams(new URLSearchParams({ live: id, ...(params.get('key') ? { key: params.get('key') } : {}) }));
  }

  /** Opens the game of a link's parameters; a key in the link is kept, never left in the URL. */
  async fromParams(params) {
    const id = (params.get('live') ?? '').toLowerCase();
    if (!ID.test(id)) return;
    const key = params.get('key');
    if (key) keep(id, { key, pending: kept(id)?.pending ?? [] });
    await this.open(id);
  }

  /** Reads the game from the server and carries on from its moves. */
  async open(id) {
    this.close();
    const answer = await api.call(`/v1/live/${id}`, { method: 'GET' });
    if (!answer.ok) {
      this.hooks.alert(this.hooks.problemText(answer.data));
      return;
    }
    const mine = kept(id);
    this.key = mine?.key ?? null;
    this.pending = mine?.pending ?? [];
    await this.load(answer.data);
    $('live-choose').hidden = true;
    $('live-game').hidden = false;
    if (this.key) this.flush();
    else this.follow();
  }

  /** Shows `game` (the server's) on the board, its moves replayed by the engine. */
  async load(game) {
    this.game = game;
    this.start = await this.hooks.startOf(game.rules);
    this.steps = [];
    if (game.moves.length) {
      const played = await api.play(this.start, game.moves);
      if (played.ok) this.steps = played.data.steps;
    }
    await this.draw();
  }

  /** Leaves the game shown (its kept moves stay for the next time). */
  leave() {
    this.close();
    this.game = null;
    $('live-game').hidden = true;
    $('live-choose').hidden = false;
    this.hooks.linked();
  }

  close() {
    this.source?.close();
    this.source = null;
    clearTimeout(this.retry);
    this.retry = null;
  }

  save() {
    if (this.key) keep(this.id(), { key: this.key, pending: this.pending });
  }

  /** Whether the game has ended (by the rules or the arbiter). */
  over() {
    return Boolean(this.game?.game_over || this.game?.result);
  }

  /** The keeper taps a house (or enters a Seega move). */
  choose(move) {
    if (!this.game) return;
    if (!this.key) {
      this.hooks.alert(t('page-live-spectator'));
      return;
    }
    if (this.over()) {
      this.hooks.alert(t('page-live-over'));
      return;
    }
    // Refused at once when the board shows the last recorded position:
    // the server's report of its moves names the rule.
    const report = this.hooks.report();
    if (!this.pending.length && report) {
      const illegal = report.illegal.find((entry) => entry.move === move);
      if (illegal && !report.legal.includes(move)) {
        this.hooks.alert(t('page-live-refused', { move, text: `${illegal.message} (${illegal.rule})` }));
        return;
      }
    }
    this.pending.push({ ply: this.steps.length + this.pending.length + 1, move });
    this.save();
    this.writeSheet();
    this.flush();
  }

  /** Sends the moves waiting, in order, one at a time. */
  async flush() {
    if (this.sending || !this.key || !this.game) return;
    this.sending = true;
    clearTimeout(this.retry);
    try {
      // A move stored whose board could not be drawn: the server's moves again.
      if (this.behind) {
        const answer = await api.call(`/v1/live/${this.id()}`, { method: 'GET' });
        if (!answer.ok) {
          this.retry = setTimeout(() => this.flush(), RETRY_MS);
          return;
        }
        this.behind = false;
        await this.load(answer.data);
      }
      while (this.pending.length && this.game) {
        const next = this.pending[0];
        const answer = await api.call(`/v1/live/${this.id()}/moves`, {
          body: next,
          extra: { Authorization: `Bearer ${this.key}` },
        });
        if (unreachable(answer)) {
          this.offline = true;
          this.writeSheet();
          this.retry = setTimeout(() => this.flush(), RETRY_MS);
          return;
        }
        this.offline = false;
        if (!answer.ok) {
          await this.refused(answer.data);
          return;
        }
        this.pending.shift();
        this.save();
        await this.recorded(answer.data);
      }
    } finally {
      this.sending = false;
    }
  }

  /**
   * A move the server refused: it and the moves entered after it are
   * dropped (they followed a move that is not on the board), the keeper is
   * told which and why, and the sheet reads the server's moves again.
   */
  async refused(problem) {
    const dropped = this.pending.map((p) => p.move);
    this.pending = [];
    this.save();
    const answer = await api.call(`/v1/live/${this.id()}`, { method: 'GET' });
    if (answer.ok) await this.load(answer.data);
    const text = this.hooks.problemText(problem);
    this.hooks.alert(dropped.length === 1
      ? t('page-live-refused', { move: dropped[0], text })
      : t('page-live-dropped', { text, moves: dropped.join(' ') }));
  }

  /** A move the server stored (its LivePly): on the board, its captures marked. */
  async recorded(ply) {
    if (ply.ply <= this.steps.length) return;
    const before = this.steps.length ? this.steps[this.steps.length - 1].after : this.start;
    const played = ply.ply === this.steps.length + 1 ? await api.play(before, [ply.move]) : null;
    if (!played?.ok) {
      this.behind = true;
      return;
    }
    this.steps.push(played.data.steps[0]);
    this.game.moves.push(ply.move);
    this.game.position = ply.position;
    this.game.game_over = ply.game_over;
    await this.draw();
  }

  /** Takes back the last move: one not sent yet here, else on the server (kept in its history). */
  async undo() {
    if (!this.key || this.over()) return;
    if (this.pending.length) {
      this.pending.pop();
      this.save();
      this.writeSheet();
      return;
    }
    if (!this.steps.length) return;
    const answer = await api.call(`/v1/live/${this.id()}/undo`, {
      body: { ply: this.steps.length },
      extra: { Authorization: `Bearer ${this.key}` },
    });
    if (!answer.ok) {
      this.hooks.alert(unreachable(answer) ? t('page-live-needs-network') : this.hooks.problemText(answer.data));
      return;
    }
    this.game = answer.data;
    this.steps = this.steps.slice(0, this.game.moves.length);
    await this.draw();
  }

  /** The arbiter's result: resignation, agreement or forfeit (sent at once, never queued). */
  async end() {
    if (!this.key || this.over()) return;
    const [end, winner] = $('live-end').value.split(':');
    if (!end) return;
    if (this.pending.length) {
      this.hooks.alert(t('page-live-needs-network'));
      return;
    }
    const body = winner ? { end, winner } : { end };
    const answer = await api.call(`/v1/live/${this.id()}/result`, { body, extra: { Authorization: `Bearer ${this.key}` } });
    if (!answer.ok) {
      this.hooks.alert(unreachable(answer) ? t('page-live-needs-network') : this.hooks.problemText(answer.data));
      return;
    }
    this.game = answer.data;
    await this.draw();
  }

  /** A spectator's view: the server's events move the board, until the game ends. */
  follow() {
    if (this.over()) return;
    const source = new EventSource(`/v1/live/${this.id()}/events`);
    this.source = source;
    const handle = (work) => (event) => {
      this.chain = this.chain.then(() => (this.source === source ? work(JSON.parse(event.data)) : null)).catch(() => {});
    };
    source.addEventListener('move', handle((ply) => this.seen(ply)));
    source.addEventListener('undo', handle(async ({ ply }) => {
      if (ply > this.steps.length) return;
      this.steps = this.steps.slice(0, ply - 1);
      this.game.moves = this.game.moves.slice(0, ply - 1);
      this.game.game_over = null;
      await this.draw();
    }));
    source.addEventListener('end', handle(async (result) => {
      this.game.result = result;
      source.close();
      this.offline = false;
      await this.draw();
    }));
    source.addEventListener('open', () => {
      this.offline = false;
      this.writeSheet();
    });
    source.addEventListener('error', () => {
      // The browser comes back by itself (with the last event's id); the
      // stream's end after the last move is no loss of network.
      this.chain = this.chain.then(() => {
        if (this.source !== source || this.over()) return;
        this.offline = source.readyState !== EventSource.OPEN;
        this.writeSheet();
      });
    });
  }

  /** A move a spectator is sent: one it has is skipped; one after a move it lacks reads the game again. */
  async seen(ply) {
    const have = this.steps[ply.ply - 1];
    if (have && have.move === ply.move) return;
    if (ply.ply > this.steps.length + 1) {
      const answer = await api.call(`/v1/live/${this.id()}`, { method: 'GET' });
      if (answer.ok) await this.load(answer.data);
      return;
    }
    this.steps = this.steps.slice(0, ply.ply - 1);
    this.game.moves = this.game.moves.slice(0, ply.ply - 1);
    await this.recorded(ply);
    if (ply.game_over) {
      this.source?.close();
      this.offline = false;
      this.writeSheet();
    }
  }

  /** The board at the last recorded move, and the sheet. */
  async draw() {
    const last = this.steps[this.steps.length - 1];
    const marks = last ? { captured: last.captured_houses ?? last.captured_squares ?? [] } : {};
    await this.hooks.show(this.start, this.steps, marks, () => this.statusText());
    this.writeSheet();
    this.hooks.linked();
  }

  /**
   * The status line under the board (the page adds who moves, or the
   * rules' end): the last move recorded and its captures, the moves
   * waiting, the arbiter's result.
   */
  statusText() {
    const last = this.steps[this.steps.length - 1];
    const parts = [];
    if (last) {
      const taken = last.captured_houses ?? last.captured_squares ?? [];
      const played = last.captured
        ? t('page-played-captured', { name: sideName(last.before.to_move), move: last.move, count: last.captured, text: taken.join(' ') })
        : t('page-played-nothing', { name: sideName(last.before.to_move), move: last.move });
      parts.push(`${played} (${t('page-live-recorded')} ✓)`);
    }
    if (this.pending.length) parts.push(t('page-live-pending', { count: this.pending.length }));
    if (this.offline) parts.push(t('page-live-offline'));
    if (this.game?.result) parts.push(this.resultText());
    return parts.join(' — ');
  }

  /** How the game ended, in words, or ''. */
  resultText() {
    const game = this.game;
    if (game?.result) {
      const { end, winner, result } = game.result;
      const id = end === 'forfeit' && !winner ? 'page-live-end-forfeit-both' : `page-live-end-${end}`;
      return t(id, { name: winner ? sideName(winner) : '', text: result });
    }
    if (game?.game_over) {
      const over = game.game_over;
      return `${t('page-game-over')} ${over.score.south}-${over.score.north} (${over.rule})`;
    }
    return '';
  }

  /** The sheet: players, the moves (recorded, or waiting to be sent), the links. */
  writeSheet() {
    const game = this.game;
    if (!game) return;
    const title = [`${game.south} – ${game.north}`];
    if (game.event) title.push(game.event);
    if (game.round) title.push(t('page-archive-round', { text: game.round }));
    $('live-title').textContent = title.join(', ');
    const list = $('live-moves');
    list.replaceChildren();
    this.steps.forEach((step, i) => {
      const li = document.createElement('li');
      li.className = 'recorded';
      li.dataset.ply = String(i + 1);
      li.textContent = step.captured ? `${step.move} +${step.captured}` : step.move;
      li.title = t('page-live-recorded');
      list.append(li);
    });
    for (const entry of this.pending) {
      const li = document.createElement('li');
      li.className = 'pending';
      li.dataset.ply = String(entry.ply);
      li.textContent = entry.move;
      li.title = t('page-live-waiting');
      list.append(li);
    }
    list.start = 1;
    const keeper = Boolean(this.key);
    $('live-keeper').hidden = !keeper || this.over();
    $('live-keeper-link-row').hidden = !keeper;
    $('live-role').textContent = t(keeper ? 'page-live-role-keeper' : 'page-live-role-spectator');
    $('live-follow-link').value = this.followLink();
    if (keeper) $('live-keeper-link').value = this.keeperLink();
    const state = [t('page-live-count', { count: this.steps.length })];
    if (this.pending.length) state.push(t('page-live-pending', { count: this.pending.length }));
    if (this.offline) state.push(t('page-live-offline'));
    const result = this.resultText();
    if (result) state.push(result);
    if (game.game) state.push(t('page-live-archived', { text: game.game }));
    $('live-state').textContent = state.join(' · ');
    $('live-undo').disabled = !this.steps.length && !this.pending.length;
    document.body.dataset.liveOffline = String(this.offline);
    document.body.dataset.livePending = String(this.pending.length > 0);
    this.hooks.status();
  }

  /** The words again, after a change of language. */
  retranslate() {
    if (this.game) this.writeSheet();
  }
}
