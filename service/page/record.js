// Records: paste or open a file, check it (POST /v1/validate), see every
// violation at its line and column in the text and its board, step
// through a game with its comments and variations. Every text from the
// record (tags, names, comments) is shown with textContent, never as HTML.

import * as api from './api.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** At most this many lines of a record are drawn with their numbers. */
const MAX_LINES = 5000;

/** A variation's moves as text, nested variations in brackets. */
function variationText(items) {
  return items
    .map((item) => {
      if (item.move) return item.claim !== undefined ? `${item.move}+${item.claim}` : item.move;
      if (item.comment !== undefined) return `{${item.comment}}`;
      if (item.variation) return `(${variationText(item.variation)})`;
      return '';
    })
    .filter(Boolean)
    .join(' ');
}

/** A tag value written for a record (quotes and backslashes escaped). */
function tagValue(value) {
  return String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"');
}

/** The glyphs of NAGs 1…6, as records write them. */
export const GLYPHS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

/** The engine's evaluation in a comment: `[%eval +3 d8]` or `[%eval -2 exact]`. */
const EVAL = /\[%eval\s+([+-]?\d+(?:\.\d+)?)(?:\s+(?:d(\d+)|(exact)))?\s*\]/;

/**
 * The engine's bookkeeping in its comments (`[%mark ??]`, `[%line]`,
 * `[%summary]`): they tell a later annotation what to replace, and are no
 * prose for a reader.
 */
const ENGINE_TAGS = /\[%mark\s+[^\]]*\]|\[%line\]|\[%summary\]/g;

/**
 * A comment's notes: the engine's `[%eval …]` as an evaluation (value for
 * South, depth searched or exact), the rest as the comment's prose.
 */
export function commentNotes(comment) {
  const found = comment.match(EVAL);
  const prose = (found ? comment.replace(found[0], '') : comment).replace(ENGINE_TAGS, '').trim();
  const notes = found
    ? [{ kind: 'eval', value: found[1], depth: found[2] ? Number(found[2]) : null, exact: Boolean(found[3]) }]
    : [];
  if (prose) notes.push({ kind: 'comment', text: prose });
  return notes;
}

/** The tags that say where a game starts. */
const START_TAGS = ['Rules', 'Variant', 'First', 'Capitals', 'SetUp', 'Position', 'FEN'];

export class Records {
  /**
   * `hooks.load(start, steps, notes)` shows a game's line on the board;
   * `hooks.showAt(position, house)` shows the board before a violation;
   * `hooks.unload()` takes a record's game off the board (a record that
   * cannot be read).
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.report = null;
    this.text = '';
    $('check-record').addEventListener('click', () => this.check($('record-text').value));
    $('annotate-record').addEventListener('click', () => this.annotate($('record-text').value));
    $('record-file').addEventListener('change', async () => {
      const file = $('record-file').files[0];
      if (!file) return;
      const text = await file.text();
      $('record-text').value = text;
      await this.check(text);
    });
  }

  /** Validates the text and shows the report. */
  async check(text) {
    this.text = text;
    const answer = await api.validate(text);
    const box = $('record-report');
    box.replaceChildren();
    if (!answer.ok) {
      const p = document.createElement('p');
      p.className = 'bad';
      p.textContent = this.hooks.problemText(answer.data);
      box.append(p);
      this.report = null;
      this.drawLines([answer.data]);
      // The board must not keep showing the game of the record before.
      await this.hooks.unload();
      return;
    }
    this.report = answer.data;
    this.write();
    const first = this.report.games[0];
    if (first) await this.open(first);
    else await this.hooks.unload();
  }

  /**
   * Writes the record back with the teaching vocabulary as comments
   * (POST /v1/annotate, in the page's language), then checks it.
   */
  async annotate(text) {
    const answer = $('annotate-engine').checked ? await this.annotateWithEngine(text) : await api.annotate(text);
    // Stopped by the reader: the record stays as it was.
    if (answer.aborted) return;
    if (!answer.ok) {
      await this.check(text);
      return;
    }
    $('record-text').value = answer.data.record;
    await this.check(answer.data.record);
  }

  /**
   * The engine's annotation, which takes up to 20 s, its marks shown as
   * they arrive: how far it is ("Ply 34 of 171 judged"), the marked moves,
   * and a Stop button that closes the stream (the server stops its work;
   * the record is left as it was).
   */
  async annotateWithEngine(text) {
    const box = $('annotate-progress');
    const count = $('annotate-count');
    const bar = $('annotate-bar');
    const marks = $('annotate-marks');
    const stop = $('annotate-stop');
    const start = $('annotate-record');
    const controller = new AbortController();
    let last = null;
    marks.replaceChildren();
    marks.hidden = true;
    count.textContent = t('page-annotate-waiting');
    bar.max = 1;
    bar.value = 0;
    bar.hidden = false;
    stop.hidden = false;
    stop.onclick = () => controller.abort();
    start.disabled = true;
    box.hidden = false;
    const onPly = (judged) => {
      last = judged;
      const where = { game: judged.game + 1, value: judged.ply, count: judged.plies };
      count.textContent = t(judged.game > 0 ? 'page-annotate-progress-game' : 'page-annotate-progress', where);
      bar.max = judged.plies;
      bar.value = judged.ply;
      if (!judged.glyph) return;
      const li = document.createElement('li');
      li.dataset.mark = judged.mark;
      li.textContent = t('page-annotate-mark', { value: judged.ply, move: `${judged.move}${judged.glyph}`, text: judged.comment ?? '' });
      marks.append(li);
      marks.hidden = false;
      marks.scrollTop = marks.scrollHeight;
    };
    const answer = await api.annotateWithProgress(text, { signal: controller.signal, onPly });
    start.disabled = false;
    stop.onclick = null;
    stop.hidden = true;
    if (answer.aborted && last) {
      count.textContent = t('page-annotate-stopped', { value: last.ply, count: last.plies });
    } else if (!answer.ok && !answer.aborted) {
      // Refused (the engine busy, a record that cannot be read…) or cut
      // off: said where the progress was.
      count.textContent = this.hooks.problemText(answer.data);
      bar.hidden = !last;
    } else {
      box.hidden = true;
    }
    return answer;
  }

  /** Words again after a change of language. */
  retranslate() {
    if (this.report) this.write();
  }

  write() {
    const box = $('record-report');
    box.replaceChildren();
    const summary = this.report.summary;
    const p = document.createElement('p');
    p.textContent = t('page-record-summary', { count: summary.games, text: String(summary.invalid) });
    box.append(p);
    const violations = [];
    for (const game of this.report.games) {
      const article = document.createElement('article');
      article.className = 'game';
      const h = document.createElement('h3');
      const south = game.tags.South ?? sideWord('south');
      const north = game.tags.North ?? sideWord('north');
      h.textContent = t('page-game-heading', { game: game.index + 1, name: south, text: north });
      const verdict = document.createElement('p');
      verdict.className = game.valid ? 'good' : 'bad';
      verdict.textContent = game.valid ? t('page-valid', { count: game.plies }) : t('page-invalid', { count: game.violations.length + (game.omitted ?? 0) });
      const tags = document.createElement('dl');
      tags.className = 'tags';
      for (const [name, value] of Object.entries(game.tags)) {
        const dt = document.createElement('dt');
        dt.textContent = name;
        const dd = document.createElement('dd');
        dd.textContent = value;
        tags.append(dt, dd);
      }
      const open = document.createElement('button');
      open.type = 'button';
      open.textContent = t('page-open-game');
      open.addEventListener('click', () => this.open(game));
      article.append(h, verdict, tags, open);
      if (game.violations.length) {
        const ul = document.createElement('ul');
        ul.className = 'violations';
        for (const violation of game.violations) {
          violations.push(violation);
          const li = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'violation';
          const where = document.createElement('strong');
          where.textContent = t('page-at', { line: violation.line, column: violation.column });
          const rule = document.createElement('code');
          rule.textContent = violation.rule;
          button.append(where, ' ', rule, `: ${violation.message}`);
          button.addEventListener('click', () => this.showViolation(violation));
          li.append(button);
          ul.append(li);
        }
        article.append(ul);
      }
      box.append(article);
    }
    this.drawLines(violations);
  }

  /** The record's text, line by line with numbers, violations marked under their column. */
  drawLines(violations) {
    const list = $('record-lines');
    list.replaceChildren();
    const lines = this.text.split(/\r?\n/);
    const byLine = new Map();
    for (const v of violations) {
      if (!v?.line) continue;
      if (!byLine.has(v.line)) byLine.set(v.line, []);
      byLine.get(v.line).push(v);
    }
    lines.slice(0, MAX_LINES).forEach((text, i) => {
      const number = i + 1;
      const li = document.createElement('li');
      li.id = `record-line-${number}`;
      li.value = number;
      const code = document.createElement('code');
      code.textContent = text || ' ';
      li.append(code);
      for (const v of byLine.get(number) ?? []) {
        li.classList.add('bad');
        const note = document.createElement('span');
        note.className = 'caret';
        note.textContent = `${' '.repeat(Math.max(0, (v.column ?? 1) - 1))}^ ${v.rule ?? ''}: ${v.message ?? v.detail ?? ''}`;
        li.append(note);
      }
      list.append(li);
    });
    list.hidden = lines.length === 0 || !this.text;
  }

  /** Shows where a violation is: its line in the text, its board. */
  async showViolation(violation) {
    const line = $(`record-line-${violation.line}`);
    line?.scrollIntoView({ block: 'nearest' });
    const area = $('record-text');
    const offset = this.text.split('\n').slice(0, violation.line - 1).reduce((sum, l) => sum + l.length + 1, 0) + (violation.column - 1);
    area.setSelectionRange(offset, offset + (violation.move?.length ?? 1));
    if (violation.before) await this.hooks.showAt(violation.before, violation.move);
  }

  /** Loads a game's main line onto the board: from its start, up to its first refused move. */
  async open(game) {
    const line = await gameLine(this.text, game);
    if (!line) {
      await this.hooks.unload();
      return;
    }
    await this.hooks.load(line.start, line.steps, line.notes);
  }
}

/**
 * A game of a record's text as a line for the board: its start, the steps
 * of its main line up to its first refused move, and the notes (comments,
 * glyphs, variations) by ply; `game` is the game's entry of the text's
 * ValidationReport. `null` when the record cannot be read.
 */
export async function gameLine(text, game) {
  const converted = await api.recordsAsJson(text);
  const record = converted.ok ? converted.data[game.index] : null;
  if (!record) return null;
  const tags = START_TAGS.filter((name) => name in record.tags).map((name) => `[${name} "${tagValue(record.tags[name])}"]`);
  const empty = await api.validate(`${tags.join('\n')}\n\n*\n`);
  if (!empty.ok || !empty.data.games[0]?.final) return null;
  const start = empty.data.games[0].final;
  const moves = [];
  const notes = [[]];
  for (const item of record.moves) {
    const note = notes[moves.length] ?? (notes[moves.length] = []);
    if (typeof item === 'string') {
      moves.push(item);
      notes[moves.length] = [];
    } else if (item.move) {
      moves.push(item.move);
      // The glyphs (`?!`, `?`, `??`…, kept as their NAGs 1…6) go with the move.
      notes[moves.length] = (item.nags ?? []).filter((nag) => GLYPHS[nag]).map((nag) => ({ kind: 'glyph', nag, text: GLYPHS[nag] }));
    } else if (item.comment !== undefined) {
      note.push(...commentNotes(item.comment));
    } else if (item.variation) {
      note.push({ kind: 'variation', text: `(${variationText(item.variation)})` });
    }
  }
  const refused = game.violations.find((v) => v.ply)?.ply;
  const playable = refused ? moves.slice(0, refused - 1) : moves;
  let steps = [];
  if (playable.length) {
    const played = await api.play(start, playable);
    if (played.ok) steps = played.data.steps;
    else if (played.data?.index) {
      const again = await api.play(start, playable.slice(0, played.data.index));
      if (again.ok) steps = again.data.steps;
    }
  }
  return { start, steps, notes };
}

function sideWord(side) {
  return t(side === 'south' ? 'page-south' : 'page-north');
}
