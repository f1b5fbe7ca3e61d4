// The Play the computer tab: a student plays the engine's player of a
// level (POST /v1/move) by tapping houses, takes moves back, and at the
// end sees the rules' result and the engine's marks of each move (POST
// /v1/annotate?engine=true). The finished game, with its players' names,
// date and result, goes into the server's archive when it keeps one and
// this tab holds the archive's write token; otherwise its record is
// offered as a file. Names are shown with textContent, never as HTML.

import * as api from './api.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Where the Archive tab keeps the write token for this tab (keeping.js). */
const TOKEN_KEY = 'songo-archive-token';

/** The glyphs of the engine's marks, as records write them. */
const MARK_GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** A name fit for a record's tag: no quote, backslash or line break; at most 80 characters. */
export function tagName(text) {
  return String(text).replace(/["\\\r\n]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
}

/** Today as a record's date (`2026.11.29`). */
function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}.${two(now.getMonth() + 1)}.${two(now.getDate())}`;
}

export class Computer {
  /**
   * `hooks.start(position)` puts a new line on the board;
   * `hooks.play(move)` plays a move on it (true when played);
   * `hooks.line()` is `{start, steps, cursor}` of the board;
   * `hooks.goTo(cursor)` shows the line's board after `cursor` moves;
   * `hooks.takeBack(count)` drops the line's last `count` moves;
   * `hooks.report()` the shown position's MovesReport;
   * `hooks.startOf(rules)` the rules' start position;
   * `hooks.status(words)` says something under the board;
   * `hooks.verdict(over)` words the rules' end of the game;
   * `hooks.record({date})` the line as a record with the game's names (the page's
   *   players' names on this tab), the date and the result;
   * `hooks.problemText(problem)` words an API problem.
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** The game being played: rules, level, sides, names, seed; null before the first. */
    this.game = null;
    this.thinking = false;
    this.ended = false;
    this.url = null;
    /** The game's line as last played (`{start, steps}`), to come back to from another tab. */
    this.line = null;
    /** Questions to the engine that come after a new game are dropped. */
    this.round = 0;
    $('computer-new').addEventListener('click', () => this.newGame());
    $('computer-take-back').addEventListener('click', () => this.takeBack());
  }

  /** Whether the student may tap a house now. */
  asking() {
    return Boolean(this.game) && !this.ended && !this.thinking && this.hooks.report()?.to_move === this.game.student;
  }

  /** The name of the player of `side` in the game shown, if one is. */
  name(side) {
    return this.game ? this.game.names[side] : null;
  }

  /** The names as the settings give them now. */
  names(student, level) {
    const nickname = tagName($('computer-nickname').value) || t('page-computer-student');
    const computer = t('page-computer-name', { number: level });
    return student === 'south' ? { south: nickname, north: computer } : { south: computer, north: nickname };
  }

  async newGame() {
    const rules = $('computer-rules').value;
    const level = Number($('computer-level').value);
    const student = document.querySelector('input[name="computer-side"]:checked')?.value === 'north' ? 'north' : 'south';
    const start = await this.hooks.startOf(rules);
    if (!start) return;
    this.round += 1;
    this.ended = false;
    this.thinking = false;
    this.game = {
      rules,
      level,
      student,
      names: this.names(student, level),
      date: today(),
      // One seed a game: the same level answers the same position in
      // another way from one game to the next.
      seed: Math.floor(Math.random() * 1e9),
    };
    $('computer-verdict').textContent = '';
    // The verdict shows the end; the status line says the rest.
    document.body.dataset.computerOver = 'false';
    // The settings fold away while the game is played (a phone's screen).
    $('computer-settings').open = false;
    $('computer-kept').replaceChildren();
    $('computer-marks-box').hidden = true;
    $('computer-marks').replaceChildren();
    $('computer-summary').replaceChildren();
    await this.hooks.start(start);
    await this.next();
  }

  /** A house tapped on the board: the student's move, then the computer's. */
  async choose(move) {
    if (!this.game || this.ended) return;
    const { steps, cursor } = this.hooks.line();
    // A move is played at the end of the game, not on a board stepped back to.
    if (cursor !== steps.length) {
      await this.hooks.goTo(steps.length);
      return;
    }
    if (!this.asking()) {
      this.hooks.status(t('page-computer-wait'));
      return;
    }
    if (await this.hooks.play(move)) await this.next();
  }

  /** After a move: the end, the computer's move, or the student's turn. */
  async next() {
    const round = this.round;
    const report = this.hooks.report();
    this.line = this.hooks.line();
    this.writeButtons();
    if (!report) return;
    if (report.game_over || !report.legal.length) {
      await this.end(report.game_over);
      return;
    }
    if (report.to_move === this.game.student) {
      this.hooks.status(t('page-computer-your-turn', { name: this.game.names[this.game.student] }));
      return;
    }
    this.thinking = true;
    this.writeButtons();
    this.hooks.status(t('page-computer-thinking'));
    const { start, steps, cursor } = this.hooks.line();
    const position = cursor === 0 ? start : steps[cursor - 1].after;
    const answer = await api.chooseMove(position, this.game.level, this.game.seed);
    if (round !== this.round) return;
    this.thinking = false;
    // The board was taken by another tab meanwhile: asked again on coming back (resume).
    if (this.hooks.line().steps !== this.line.steps) return;
    if (!answer.ok) {
      this.hooks.status(this.hooks.problemText(answer.data));
      this.writeButtons();
      return;
    }
    if (!(await this.hooks.play(answer.data.move))) return;
    if (round !== this.round) return;
    await this.next();
    if (!this.ended) this.hooks.status(`${t('page-computer-played', { move: answer.data.move })} ${t('page-computer-your-turn', { name: this.game.names[this.game.student] })}`);
  }

  /** Back on the tab, the game's line on the board again: the computer plays if it is to. */
  async resume() {
    if (this.game && !this.ended && !this.thinking) await this.next();
  }

  /** Takes back the student's last move (and the computer's answer to it). */
  async takeBack() {
    if (!this.game || this.ended || this.thinking) return;
    const { steps } = this.hooks.line();
    let count = 0;
    // Back to the last position where the student was to move, before their move.
    for (let i = steps.length - 1; i >= 0; i -= 1) {
      count += 1;
      if (steps[i].before.to_move === this.game.student) break;
    }
    if (!count || steps[steps.length - count].before.to_move !== this.game.student) return;
    this.round += 1;
    document.body.dataset.computerOver = 'false';
    await this.hooks.takeBack(count);
    await this.next();
  }

  writeButtons() {
    const { steps } = this.hooks.line();
    const studentMoved = this.game && steps.some((step) => step.before.to_move === this.game.student);
    $('computer-take-back').disabled = !this.game || this.ended || this.thinking || !studentMoved;
  }

  /** The game is over: its result, kept or offered, then its marks. */
  async end(over) {
    this.ended = true;
    this.writeButtons();
    const verdict = this.hooks.verdict(over);
    $('computer-verdict').textContent = verdict;
    document.body.dataset.computerOver = 'true';
    const round = this.round;
    const record = await this.hooks.record({
      names: this.game.names,
      date: this.game.date,
    });
    if (round !== this.round) return;
    await this.keep(record);
    if (round !== this.round) return;
    await this.mark(record, round);
  }

  /** Into the archive when there is one and a token; else the record as a file. */
  async keep(record) {
    const box = $('computer-kept');
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) {
      const answer = await api.importGames(record, token);
      if (answer.ok && answer.data?.games?.[0]) {
        const p = document.createElement('p');
        p.className = 'good';
        p.textContent = t('page-computer-saved', { id: answer.data.games[0].id });
        box.replaceChildren(p);
        return;
      }
      const noArchive = answer.status === 503 && String(answer.data?.type ?? '').endsWith(':no-archive');
      if (!noArchive) {
        const p = document.createElement('p');
        p.className = 'bad';
        p.textContent = t('page-computer-save-failed', { text: this.hooks.problemText(answer.data) });
        box.replaceChildren(p);
        box.append(this.download(record));
        return;
      }
    }
    const p = document.createElement('p');
    p.className = 'hint';
    p.textContent = t('page-computer-not-kept');
    box.replaceChildren(p, this.download(record));
  }

  /** A link that downloads the game's record. */
  download(record) {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(new Blob([record], { type: 'text/plain' }));
    const link = document.createElement('a');
    const name = `${this.game.date.replaceAll('.', '-')}-${tagName(this.game.names[this.game.student]).replace(/[^\p{L}\p{N}]+/gu, '-')}.songo`;
    link.id = 'computer-download';
    link.href = this.url;
    link.download = name;
    link.textContent = t('page-download', { name });
    return link;
  }

  /** The engine's marks of each move (?!, ?, ??) and each player's accuracy. */
  async mark(record, round) {
    $('computer-marks-box').hidden = false;
    const summary = $('computer-summary');
    const list = $('computer-marks');
    summary.textContent = t('page-computer-marking');
    list.replaceChildren();
    const answer = await api.annotate(record, { engine: true, depth: 6, movetimeMs: 100 });
    if (round !== this.round) return;
    const engine = answer.ok ? answer.data.games?.[0]?.engine : null;
    if (!engine) {
      summary.textContent = answer.ok ? '' : this.hooks.problemText(answer.data);
      return;
    }
    summary.replaceChildren();
    for (const player of engine.summary ?? []) {
      const counts = `${player.inaccuracies} ?!, ${player.mistakes} ?, ${player.blunders} ??`;
      const p = document.createElement('p');
      p.textContent = t('page-computer-summary', { name: this.game.names[player.side], number: player.accuracy, text: counts });
      summary.append(p);
    }
    if (engine.unjudged) {
      const p = document.createElement('p');
      p.className = 'hint';
      p.textContent = t('page-computer-unjudged');
      summary.append(p);
    }
    const marked = (engine.plies ?? []).filter((ply) => MARK_GLYPHS[ply.mark]);
    for (const ply of marked) {
      const li = document.createElement('li');
      const number = Math.floor((ply.ply - 1) / 2) + 1;
      const move = `${number}${ply.side === 'south' ? '.' : '...'} ${ply.move}${MARK_GLYPHS[ply.mark]}`;
      li.textContent = `${t('page-computer-mark', { move, value: ply.best })} (${this.game.names[ply.side]})`;
      li.dataset.mark = ply.mark;
      list.append(li);
    }
    if (!marked.length) {
      const li = document.createElement('li');
      li.textContent = t('page-computer-no-marks');
      list.append(li);
    }
  }

  /** Words again after a change of language (the computer's name too, until the game ends). */
  retranslate() {
    if (!this.game) return;
    if (!this.ended) this.game.names = this.names(this.game.student, this.game.level);
  }
}
