// The page: a board to set up, play and share; records to check; exports.
// It keeps its state here and in the URL (#position=…&moves=…), never on
// the server; every rule and every picture comes from the API.

import * as api from './api.js';
import { Archive } from './archive.js';
import { Board } from './board.js';
import { Computer } from './computer.js';
import { Exercises } from './exercises.js';
import { lang, load, t, translate } from './i18n.js';
import { Lessons } from './lesson.js';
import { Records } from './record.js';
import { Sheet } from './sheet.js';
import { Tournament } from './tournament.js';
import { Classes } from './class.js';

const $ = (id) => document.getElementById(id);

/** The line shown: a start position, the moves played from it, where we are. */
const state = {
  start: null,
  steps: [],
  cursor: 0,
  /** Comments and variations of a loaded record, by ply (1-based). */
  notes: [],
  compact: '',
  /** The shown position's moves report. */
  moves: null,
  /** The house chosen in the editor. */
  selected: null,
  /** The first square chosen for a Seega move. */
  pick: null,
  busy: false,
  /** The rules' start positions, asked once. */
  starts: {},
};

const board = new Board($('board'), $('pad'));

/** The position shown (JSON). */
function current() {
  return state.cursor === 0 ? state.start : state.steps[state.cursor - 1].after;
}

function activeTab() {
  return document.querySelector('[role="tab"][aria-selected="true"]').id.slice(4);
}

/** Whether the legal moves are ringed: where a move is played on the board. */
function showsLegal() {
  return activeTab() === 'play' || (activeTab() === 'exercises' && exercises.asking()) || (activeTab() === 'live' && sheet.keeping())
    || (activeTab() === 'computer' && computer.asking());
}

function showAlert(text) {
  const alert = $('alert');
  alert.textContent = text;
  alert.hidden = !text;
}

/** A problem answer in words: what, where, which rule. */
export function problemText(problem) {
  if (!problem) return t('page-error');
  let text = problem.detail || problem.title || t('page-error');
  if (problem.line) text = `${t('page-at', { line: problem.line, column: problem.column ?? 1 })}: ${text}`;
  if (problem.rule && !text.includes(problem.rule)) text += ` (${problem.rule})`;
  if (problem.hint) text += `. ${problem.hint}`;
  return text;
}

function sideName(side) {
  return t(side === 'south' ? 'page-south' : 'page-north');
}

/** The status line under the board. */
function writeStatus(extra) {
  const position = current();
  if (extra && state.alone) {
    $('status').textContent = extra;
    return;
  }
  const parts = [];
  if (extra) parts.push(extra);
  const over = state.moves?.game_over;
  if (over) {
    parts.push(gameOverText(over));
  } else if (position) {
    parts.push(t(position.to_move === 'south' ? 'page-south-moves' : 'page-north-moves'));
  }
  $('status').textContent = parts.join(' — ');
}

/** Writes the line into the URL, so that the link shares the board. */
function writeUrl() {
  // On the Score sheet tab the link is the game's (never its key).
  if (activeTab() === 'live' && sheet.id()) {
    history.replaceState(null, '', `#live=${sheet.id()}${lang() !== 'en' ? `&lang=${lang()}` : ''}`);
    return;
  }
  if (!state.start) return;
  // On the Exercises tab the link is the set's, at the exercise shown.
  if (activeTab() === 'exercises' && exercises.current()) {
    history.replaceState(null, '', exercises.linkTo(lang()).link);
    return;
  }
  const params = new URLSearchParams();
  params.set('position', state.startCompact ?? state.compact);
  if (state.steps.length) params.set('moves', state.steps.map((s) => s.move).join(' '));
  if (state.steps.length && state.cursor !== state.steps.length) params.set('ply', String(state.cursor));
  if (lang() !== 'en') params.set('lang', lang());
  history.replaceState(null, '', `#${params.toString().replaceAll('+', '%20')}`);
}

let showCalls = 0;

/** Shows the current position: the server's picture, moves, editor fields. */
async function show({ marks = {}, message } = {}) {
  // Steps taken quickly (First, then Last) each ask the server; only the
  // latest call may draw, whichever answer arrives last.
  const call = ++showCalls;
  state.marks = marks;
  // A message that says who is to move itself (an exercise's question)
  // stays alone, also when it is worded again after a change of language.
  if (message !== state.message) state.alone = false;
  state.message = message;
  const position = current();
  const [drawn, legal] = await Promise.all([api.readPosition(position), api.moves(position)]);
  if (call !== showCalls) return;
  if (!drawn.ok) {
    showAlert(problemText(drawn.data));
    return;
  }
  state.compact = drawn.data.compact;
  if (state.cursor === 0) state.startCompact = drawn.data.compact;
  state.plain = drawn.data.render.content;
  board.explained = false;
  board.show(drawn.data.render.content, drawn.data.position);
  $('compact').value = state.compact;
  state.moves = legal.ok ? legal.data : null;
  for (const [className, names] of Object.entries(marks)) board.mark(className, names);
  if (showsLegal() && state.moves) board.mark('legal', state.moves.legal);
  if (state.selected && activeTab() === 'edit') board.mark('selected', [state.selected]);
  writeMoves();
  writeLine();
  writeEditor();
  // The analysis said was of the board before.
  $('analysis').replaceChildren();
  $('analyse').disabled = board.kind === 'seega' || !state.moves?.legal?.length;
  // A message is a function when it is worded again after a change of language.
  writeStatus(typeof message === 'function' ? message() : message);
  writeUrl();
  writeEmbed();
  if (activeTab() === 'explain') explain();
  if (activeTab() === 'archive') archive.refresh();
}

/** Starts a new line from `position` (JSON). */
async function setStart(position, { steps = [], cursor = 0, notes = [] } = {}) {
  state.recordText = null;
  state.start = position;
  state.startCompact = null;
  state.steps = steps;
  state.cursor = cursor;
  state.notes = notes;
  state.pick = null;
  showAlert('');
  await show();
}

/** The usual start of a game: a record of no moves, replayed by the server. */
async function startOf(rules) {
  if (!state.starts[rules]) {
    const answer = await api.validate(`[Rules "${rules}"]\n\n*\n`);
    if (!answer.ok) return null;
    state.starts[rules] = answer.data.games[0].final;
  }
  return structuredClone(state.starts[rules]);
}

// ---- Play -------------------------------------------------------------

/** Plays `move` on the board shown: true when it was played. */
async function playMove(move) {
  if (state.busy || !state.start) return false;
  state.busy = true;
  showAlert('');
  try {
    const answer = await api.play(current(), [move]);
    if (!answer.ok) {
      showAlert(problemText(answer.data));
      return false;
    }
    const step = answer.data.steps[0];
    state.recordText = null;
    state.steps = state.steps.slice(0, state.cursor);
    state.notes = state.notes.slice(0, state.cursor + 1);
    state.steps.push(step);
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if ($('animate').checked && !reduced) await board.animate(step, 160);
    state.cursor += 1;
    await show({ marks: marksOf(step), message: () => stepText(step) });
    return true;
  } finally {
    state.busy = false;
  }
}

/** The marks of a played step: the captured houses or squares. */
function marksOf(step) {
  return { captured: step.captured_houses ?? step.captured_squares ?? [] };
}

/** What a step did, in words. */
function stepText(step) {
  const taken = step.captured_houses ?? step.captured_squares ?? [];
  const who = sideName(step.before.to_move);
  if (!step.captured) return t('page-played-nothing', { name: who, move: step.move });
  return t('page-played-captured', { name: who, move: step.move, count: step.captured, text: taken.join(' ') });
}

async function goTo(cursor) {
  if (state.busy || cursor < 0 || cursor > state.steps.length || cursor === state.cursor) return;
  state.cursor = cursor;
  state.pick = null;
  const step = state.steps[cursor - 1];
  await show(step ? { marks: marksOf(step), message: () => stepText(step) } : {});
}

function writeMoves() {
  const legal = $('legal');
  const illegal = $('illegal');
  legal.replaceChildren();
  illegal.replaceChildren();
  const report = state.moves;
  if (!report) return;
  const seegaPlacement = report.phase === 'placement' && report.legal.length > 40;
  for (const move of seegaPlacement ? [] : report.legal) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = move;
    button.addEventListener('click', () => playMove(move));
    legal.append(button);
  }
  if (seegaPlacement) {
    const p = document.createElement('p');
    p.textContent = t('page-placements', { count: report.legal.length });
    legal.append(p);
  }
  for (const entry of report.illegal) {
    const li = document.createElement('li');
    const move = document.createElement('strong');
    move.textContent = entry.move;
    const rule = document.createElement('code');
    rule.textContent = entry.rule;
    li.append(move, ' ', rule, `: ${entry.message}`);
    illegal.append(li);
  }
  $('illegal-box').hidden = report.illegal.length === 0;
}

/** The line as a record: numbered moves, comments and variations, each a button. */
function writeLine() {
  const list = $('line');
  list.replaceChildren();
  state.steps.forEach((step, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ply';
    const notes = state.notes[i + 1] ?? [];
    // The engine's (or the author's) glyphs next to the move, named for
    // screen readers: "S4??, blunder".
    const glyphs = notes.filter((note) => note.kind === 'glyph');
    button.textContent = step.move + glyphs.map((g) => g.text).join('');
    const meaning = glyphs.map((g) => t(GLYPH_WORDS[g.nag])).join(', ');
    const label = t('page-go-to', { move: step.move, count: i + 1 });
    button.setAttribute('aria-label', meaning ? `${label}, ${meaning}` : label);
    if (meaning) button.title = meaning;
    if (i + 1 === state.cursor) button.setAttribute('aria-current', 'step');
    button.addEventListener('click', () => goTo(i + 1));
    li.append(button);
    for (const note of notes) {
      if (note.kind === 'glyph') continue;
      const span = document.createElement('span');
      span.className = note.kind;
      span.textContent = note.kind === 'eval' ? evalText(note) : note.text;
      li.append(' ', span);
    }
    list.append(li);
  });
  $('undo').disabled = state.cursor === 0;
  $('first').disabled = state.cursor === 0;
  $('redo').disabled = state.cursor >= state.steps.length;
  $('last').disabled = state.cursor >= state.steps.length;
}

/** The words of the glyphs of NAGs 1…6 (`!`, `?`, `!!`, `??`, `!?`, `?!`). */
const GLYPH_WORDS = {
  1: 'page-glyph-good',
  2: 'page-glyph-mistake',
  3: 'page-glyph-brilliant',
  4: 'page-glyph-blunder',
  5: 'page-glyph-interesting',
  6: 'page-glyph-dubious',
};

/** The engine's evaluation in words: its value for South, how sure. */
function evalText(note) {
  const value = note.value.replace(/^-/, '−').replace(/^(\d)/, '+$1').replace(/^\+0$/, '0');
  if (note.exact) return t('page-eval-exact', { text: value });
  if (note.depth) return t('page-eval-depth', { text: value, count: note.depth });
  return t('page-eval', { text: value });
}

// ---- Set up -------------------------------------------------------------

function writeEditor() {
  const position = current();
  if (!position) return;
  $('rules').value = position.rules;
  for (const radio of document.querySelectorAll('input[name="to-move"]')) radio.checked = radio.value === position.to_move;
  const sowing = position.rules !== 'seega';
  $('stores').hidden = !sowing;
  if (sowing) {
    $('store-south').value = position.stores.south;
    $('store-north').value = position.stores.north;
  }
  const editor = $('house-editor');
  const house = state.selected && sowing ? houseOf(state.selected) : null;
  editor.hidden = !house;
  if (house) {
    $('house-name').textContent = state.selected;
    $('house-count').value = position[house.side][house.index];
  }
}

/** A house's camp and index, from the picture's hooks. */
function houseOf(name) {
  const g = board.parts(name)[1];
  return g ? { side: g.dataset.side, index: Number(g.dataset.index) } : null;
}

/** Edits the shown position: it becomes the start of a new line. */
async function edit(change) {
  const position = structuredClone(current());
  change(position);
  await setStart(position);
}

function setCount(value) {
  const house = houseOf(state.selected);
  const count = Math.max(0, Math.floor(Number(value)));
  if (!house || !Number.isFinite(count)) return;
  return edit((p) => { p[house.side][house.index] = count; });
}

function cycleSquare(square) {
  const file = square.charCodeAt(0) - 97;
  const row = 5 - Number(square.slice(1));
  return edit((p) => {
    const cells = [...p.board[row]];
    cells[file] = { '.': 'S', S: 'N', N: '.' }[cells[file]] ?? '.';
    p.board[row] = cells.join('');
  });
}

board.onChoose = (name) => {
  if (activeTab() === 'computer') return board.kind === 'seega' ? undefined : computer.choose(name);
  if (activeTab() === 'exercises') return board.kind === 'seega' ? undefined : exercises.choose(name);
  if (activeTab() === 'edit') {
    if (board.kind === 'seega') return cycleSquare(name);
    state.selected = name;
    board.mark('selected', [name]);
    writeEditor();
    return;
  }
  if (board.kind === 'seega') {
    const position = current();
    if (!state.pick) {
      state.pick = name;
      board.mark('selected', [name]);
      return;
    }
    const first = state.pick;
    state.pick = null;
    board.mark('selected', []);
    return enter(position.phase === 'placement' ? `${first},${name}` : `${first}-${name}`);
  }
  return enter(name);
};

/** A move chosen on the board: the score sheet's on its tab, else played here. */
function enter(move) {
  return activeTab() === 'live' ? sheet.choose(move) : playMove(move);
}

// ---- Analyse -------------------------------------------------------------

/** A value in seeds for the side to move, signed (+3, −2, 0). */
function signed(value) {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}

/** Asks the server's analysis for the shown position's best move. */
async function analyse() {
  const box = $('analysis');
  const position = current();
  if (!position || position.rules === 'seega') return;
  $('analyse').disabled = true;
  box.replaceChildren();
  try {
    const answer = await api.analyse(position);
    if (current() !== position) return;
    if (!answer.ok) {
      showAlert(problemText(answer.data));
      return;
    }
    const report = answer.data;
    if (!report.best) return;
    const how = report.exact ? t('page-analysis-exact') : t('page-analysis-depth', { count: report.depth });
    const best = document.createElement('p');
    best.className = 'best-move';
    best.textContent = t('page-analysis-best', { move: report.best, value: signed(report.value), text: how });
    const line = document.createElement('p');
    line.textContent = t('page-analysis-line', { text: report.pv.join(' ') });
    const list = document.createElement('ul');
    list.className = 'move-values';
    for (const move of report.moves) {
      const li = document.createElement('li');
      li.textContent = `${move.move}: ${signed(move.value)}`;
      list.append(li);
    }
    box.append(best, line, list);
    board.mark('best', [report.best]);
  } finally {
    $('analyse').disabled = board.kind === 'seega';
  }
}

// ---- Explain ------------------------------------------------------------

/** The page's switches of the Explain tab and the teach.* ids they keep. */
const TERMS = {
  threats: ['teach.threat'],
  double_threats: ['teach.double-threat'],
  greniers: ['teach.grenier'],
  defences: ['teach.defence', 'teach.yinda'],
  bidoua: ['teach.bidoua'],
};

/** The words of the kinds of defence (`kind` of the ExplainReport). */
const DEFENCE_KINDS = {
  yinda: 'page-defence-yinda',
  evasion: 'page-defence-evasion',
  other: 'page-defence-other',
};

async function explain() {
  const box = $('explain');
  const position = current();
  if (!position) return;
  const shown = new Set([...document.querySelectorAll('input[name="term"]:checked')].map((i) => i.value));
  const answer = await api.explain(position, [...shown].flatMap((name) => TERMS[name] ?? []));
  // The answer may come after the tab was left or the board changed.
  if (activeTab() !== 'explain' || current() !== position) return;
  box.replaceChildren();
  if (!answer.ok) {
    const p = document.createElement('p');
    p.textContent = answer.status === 404 || answer.status === 405 ? t('page-explain-missing') : problemText(answer.data);
    box.append(p);
    return;
  }
  const report = answer.data;
  const marks = { threatened: [], grenier: [], defence: [] };
  const section = (title, items) => {
    if (!items.length) return;
    const h = document.createElement('h3');
    h.textContent = title;
    const ul = document.createElement('ul');
    for (const text of items) {
      const li = document.createElement('li');
      li.textContent = text;
      ul.append(li);
    }
    box.append(h, ul);
  };
  const name = (house) => (typeof house === 'string' ? house : house.square ?? house.house ?? String(house));
  section(t('page-threats'), (report.threats ?? []).map((x) => {
    if (x.houses) {
      marks.threatened.push(...x.houses);
      return `${x.house} (${sideName(x.side)}) → ${x.houses.join(' ')}: ${t('page-seeds', { count: x.captures })}`;
    }
    // Seega: a piece one step would take, and the steps that take it.
    marks.threatened.push(name(x.square));
    return `${name(x.square)} (${sideName(x.side)}) ← ${(x.moves ?? []).join(', ')}`;
  }));
  section(t('page-double-threats'), (report.double_threats ?? []).map((x) =>
    `${x.houses.join(' + ')} (${sideName(x.side)})${x.best_limitation ? ` — ${x.best_limitation.move}: ${t('page-seeds', { count: x.best_limitation.after })}` : ''}`));
  section(t('page-greniers'), (report.greniers ?? []).map((x) => {
    marks.grenier.push(x.house);
    return `${x.house} (${sideName(x.side)}): ${t('page-seeds', { count: x.seeds })} → ${t('page-seeds', { count: x.captures })}`;
  }));
  section(t('page-defences'), (report.defences ?? []).map((x) => {
    marks.defence.push(x.move);
    return `${x.move} (${t(DEFENCE_KINDS[x.kind] ?? 'page-defence-other')}): ${x.before} → ${x.after}`;
  }));
  if (shown.has('bidoua') && report.bidoua) {
    section(t('page-bidoua'), [`${sideName('south')} ${report.bidoua.south}, ${sideName('north')} ${report.bidoua.north}`]);
  }
  // The page's own marks on the server's picture, named: the server's
  // legend (inside the picture) names only its own shapes.
  const legend = [
    ['grenier', marks.grenier.length, 'page-legend-grenier'],
    ['defence', marks.defence.length, 'page-legend-defence'],
  ].filter(([, count]) => count);
  if (legend.length) {
    const ul = document.createElement('ul');
    ul.id = 'explain-legend';
    ul.className = 'explain-legend';
    for (const [kind, , id] of legend) {
      const li = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.className = `swatch ${kind}`;
      swatch.setAttribute('aria-hidden', 'true');
      li.append(swatch, t(id));
      ul.append(li);
    }
    box.prepend(ul);
  }
  if (report.render?.content) {
    // The server's picture of the explanation: arrows for the threats,
    // rings for the houses they take, double rings for the greniers.
    board.show(report.render.content, position);
    board.explained = true;
  }
  for (const [className, names] of Object.entries(marks)) board.mark(className, names);
}

/** Back to the plain picture of the position after the Explain tab. */
function unexplain() {
  if (!board.explained || !state.plain) return;
  board.explained = false;
  board.show(state.plain, current());
  for (const [className, names] of Object.entries(state.marks ?? {})) board.mark(className, names);
}

// ---- Export -------------------------------------------------------------

let lastUrl = null;

/** Offers `content` as a file to download, and says so. */
function offer(name, type, content) {
  if (lastUrl) URL.revokeObjectURL(lastUrl);
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  lastUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.id = 'export-link';
  link.href = lastUrl;
  link.download = name;
  link.textContent = t('page-download', { name });
  $('export-result').replaceChildren(link);
  // A picture has no text to show: the box must not keep the last export's.
  $('export-text').value = typeof content === 'string' ? content : '';
  link.click();
}

async function picture(render = 'svg') {
  const answer = await api.readPosition(current(), { render, hooks: false });
  if (!answer.ok) {
    showAlert(problemText(answer.data));
    return null;
  }
  return answer.data.render.content;
}

async function exportPng() {
  const svg = await picture('svg');
  if (!svg) return;
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const image = new Image();
  image.src = url;
  await image.decode();
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth * scale;
  canvas.height = image.naturalHeight * scale;
  const context = canvas.getContext('2d');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0);
  URL.revokeObjectURL(url);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  offer('board.png', 'image/png', blob);
}

/**
 * The handout of what is shown: the record loaded in the Records tab, as
 * it is (its comments become the handout's prose), or else the line
 * played as a lesson block, its moves played and the last board explained.
 */
async function exportHandout() {
  let lesson = state.recordText;
  if (!lesson) {
    const moves = state.steps.slice(0, 200).map((step) => step.move).join(' ');
    const block = ['```songo', `position: ${state.startCompact ?? state.compact}`];
    if (moves) block.push(`play: ${moves}`);
    block.push('explain', '```');
    lesson = `# ${t('page-handout-title')}\n\n${block.join('\n')}\n`;
  }
  const answer = await api.handout(lesson);
  if (!answer.ok) {
    showAlert(problemText(answer.data));
    return;
  }
  offer('handout.html', 'text/html', answer.data);
}

/** A player's name as typed on the Export tab (a record's tag value: no quote, no line break). */
function playerName(side) {
  // The game against the computer names its own players.
  if (activeTab() === 'computer' && computer.name(side)) return computer.name(side);
  return ($(`export-${side}`)?.value ?? '').replace(/["\\\r\n]/g, ' ').trim().slice(0, 80);
}

/** Who won a finished game, by the players' names when given, and the score. */
function gameOverText(over) {
  const score = over.score ? `${over.score.south}-${over.score.north}` : '';
  if (!over.winner) return t('page-game-drawn', { text: score });
  const name = playerName(over.winner) || t(over.winner === 'south' ? 'page-south' : 'page-north');
  return t('page-game-won', { name, text: score });
}

/**
 * The line as a game record (a `Position` tag when it is not the usual
 * start); `date` adds a `Date` tag (a game against the computer).
 */
export async function recordText({ date } = {}) {
  const start = state.start;
  const usual = await startOf(start.rules);
  const lines = [`[Rules "${start.rules}"]`];
  if (date) lines.push(`[Date "${date}"]`);
  if (JSON.stringify(usual) !== JSON.stringify(start)) {
    const total = (p) => (p.north ? [...p.north, ...p.south, p.stores.south, p.stores.north].reduce((a, b) => a + b, 0) : 0);
    if (usual && total(usual) !== total(start)) lines.push('[SetUp "fragment"]');
    lines.push(`[Position "${state.startCompact}"]`);
  }
  // A finished game carries its result (the score, South first) and the
  // players' names typed on the Export tab.
  const last = state.steps.length ? state.steps[state.steps.length - 1].after : start;
  const ended = state.cursor === state.steps.length ? { ok: true, data: state.moves } : await api.moves(last);
  const over = ended.ok ? ended.data?.game_over : null;
  const result = over?.score ? `${over.score.south}-${over.score.north}` : '*';
  for (const side of ['south', 'north']) {
    const name = playerName(side);
    if (name) lines.push(`[${side === 'south' ? 'South' : 'North'} "${name}"]`);
  }
  lines.push(`[Result "${result}"]`, '');
  const words = [];
  state.steps.forEach((step, i) => {
    const number = Math.floor(i / 2) + 1;
    const south = step.before.to_move === 'south';
    if (i === 0 && !south) words.push(`1...`);
    else if (south || i === 0) words.push(`${number}.`);
    words.push(step.move);
  });
  words.push(result);
  return `${lines.join('\n')}\n${words.join(' ')}\n`;
}

function writeEmbed() {
  // The notation's characters are safe in a path but for its `/`.
  const url = `${location.origin}/v1/positions/${state.compact.replaceAll('/', '%2F')}.svg`;
  $('embed').value = `<img src="${url}" alt="${state.compact}">`;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    writeStatus(t('page-copied'));
  } catch {
    $('export-text').value = text;
    writeStatus(t('page-copy-failed'));
  }
}

// ---- Wiring -------------------------------------------------------------

function selectTab(tab) {
  for (const other of document.querySelectorAll('[role="tab"]')) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    $(other.getAttribute('aria-controls')).hidden = !selected;
  }
  state.pick = null;
  // The styles may fold what a tab does not use (the Exercises tab on a phone).
  document.body.dataset.tab = activeTab();
  if (activeTab() !== 'explain') unexplain();
  board.mark('selected', activeTab() === 'edit' && state.selected ? [state.selected] : []);
  board.mark('legal', showsLegal() && state.moves ? state.moves.legal : []);
  if (activeTab() !== 'explain') board.mark('threatened', []);
  if (activeTab() === 'explain') explain();
  if (activeTab() === 'archive') archive.refresh();
  if (activeTab() === 'class') classes.refresh();
  // Back on the exercise after the board was used by another tab.
  if (activeTab() === 'exercises' && exercises.current() && state.start !== exercises.current().position) exercises.reopen();
  // Back on the game against the computer after the board was used by another tab.
  const game = computer.line;
  if (activeTab() === 'computer' && game && (state.start !== game.start || state.steps !== game.steps)) {
    setStart(game.start, { steps: game.steps, cursor: game.steps.length }).then(() => computer.resume());
  }
}

function wire() {
  // Each action of the teacher says its own error, or none: an error of an
  // earlier action must not stay on screen once a later one succeeds.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button, [role="tab"], g.target')) showAlert('');
  }, true);
  document.addEventListener('change', () => showAlert(''), true);
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => selectTab(tab));
    tab.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      next.focus();
      selectTab(next);
    });
  }
  $('undo').addEventListener('click', () => goTo(state.cursor - 1));
  $('redo').addEventListener('click', () => goTo(state.cursor + 1));
  $('first').addEventListener('click', () => goTo(0));
  $('last').addEventListener('click', () => goTo(state.steps.length));
  document.addEventListener('keydown', (event) => {
    const from = event.target instanceof Element ? event.target : null;
    if (from?.closest('input, textarea, select, [role="tab"]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = { ArrowLeft: state.cursor - 1, ArrowRight: state.cursor + 1, Home: 0, End: state.steps.length }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
  });
  $('rules').addEventListener('change', async () => {
    state.selected = null;
    const start = await startOf($('rules').value);
    if (start) await setStart(start);
  });
  $('start').addEventListener('click', async () => {
    const start = await startOf($('rules').value);
    if (start) await setStart(start);
  });
  $('minus').addEventListener('click', () => setCount(Number($('house-count').value) - 1));
  $('plus').addEventListener('click', () => setCount(Number($('house-count').value) + 1));
  $('house-count').addEventListener('change', () => setCount($('house-count').value));
  for (const radio of document.querySelectorAll('input[name="to-move"]')) {
    radio.addEventListener('change', () => edit((p) => { p.to_move = radio.value; }));
  }
  for (const side of ['south', 'north']) {
    $(`store-${side}`).addEventListener('change', () =>
      edit((p) => { p.stores[side] = Math.max(0, Math.floor(Number($(`store-${side}`).value)) || 0); }));
  }
  $('read-paste').addEventListener('click', async () => {
    const text = $('paste').value;
    const answer = await api.readPosition(text.trim(), { rules: $('rules').value });
    if (!answer.ok) {
      showAlert(problemText(answer.data));
      return;
    }
    state.selected = null;
    await setStart(answer.data.position);
  });
  $('play-move').addEventListener('click', () => {
    const move = $('move-input').value.trim();
    if (move) playMove(move);
  });
  $('move-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') $('play-move').click();
  });
  $('copy-compact').addEventListener('click', () => copy(state.compact));
  $('copy-link').addEventListener('click', () => copy(location.href));
  for (const box of document.querySelectorAll('input[name="term"]')) box.addEventListener('change', explain);
  $('export-svg').addEventListener('click', async () => {
    const svg = await picture('svg');
    if (svg) offer('board.svg', 'image/svg+xml', svg);
  });
  $('export-png').addEventListener('click', exportPng);
  $('export-markdown').addEventListener('click', async () => {
    const md = await picture('markdown');
    if (md) offer('board.md', 'text/markdown', md);
  });
  $('export-compact').addEventListener('click', () => offer('board.txt', 'text/plain', `${state.compact}\n`));
  $('export-record').addEventListener('click', async () => offer('game.songo', 'text/plain', await recordText()));
  $('export-handout').addEventListener('click', exportHandout);
  $('analyse').addEventListener('click', analyse);
  $('export-moves-svg').addEventListener('click', async () => {
    const answer = await api.play(state.start, state.steps.map((s) => s.move), 'svg');
    if (!answer.ok) showAlert(problemText(answer.data));
    else offer('moves.svg', 'image/svg+xml', answer.data.render.content);
  });
  $('lang').addEventListener('change', () => setLanguage($('lang').value));
}

async function setLanguage(code) {
  const chosen = await load(code);
  api.setApiLanguage(chosen);
  $('lang').value = chosen;
  translate();
  if (state.start) await show({ marks: state.marks, message: state.message });
  records.retranslate();
  lessons.retranslate();
  archive.retranslate();
  exercises.retranslate();
  sheet.retranslate();
  tournament.retranslate();
  classes.retranslate();
  computer.retranslate();
  $('computer-nickname').placeholder = t('page-computer-student');
  // Said last: the page is in its new language once every part is.
  document.documentElement.lang = chosen;
}

const records = new Records({
  load: async (start, steps, notes) => {
    await setStart(start, { steps, notes, cursor: 0 });
    // The handout of this line is the record's own.
    state.recordText = records.text;
  },
  unload: async () => {
    state.recordText = null;
    const start = await startOf(current()?.rules ?? $('rules').value);
    if (start) await setStart(start);
  },
  showAt: async (position, house) => {
    state.start = position;
    state.startCompact = null;
    state.steps = [];
    state.cursor = 0;
    await show({ marks: { violation: house ? [house] : [] } });
  },
  problemText,
});

const lessons = new Lessons({
  problemText,
  show: async (compact) => {
    const answer = await api.readPosition(compact, { render: null });
    if (!answer.ok) {
      showAlert(problemText(answer.data));
      return;
    }
    await setStart(answer.data.position);
  },
  reading: (on) => {
    document.body.dataset.lessonReading = String(on);
  },
});

const archive = new Archive({
  position: () => state.compact,
  active: () => activeTab() === 'archive',
  open: async (line, record, message) => {
    await setStart(line.start, { steps: line.steps, notes: line.notes, cursor: 0 });
    // The handout of this line is the game's record.
    state.recordText = record;
    state.message = message;
    writeStatus(message());
  },
  play: (move) => playMove(move),
  problemText,
});

/** The next move of the line shown, its sowing shown: false at the line's end. */
async function advance() {
  if (state.busy || state.cursor >= state.steps.length) return false;
  state.busy = true;
  try {
    const step = state.steps[state.cursor];
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if ($('animate').checked && !reduced) await board.animate(step, 160);
    state.cursor += 1;
    await show({ marks: marksOf(step), message: () => stepText(step) });
    return true;
  } finally {
    state.busy = false;
  }
}

const tournament = new Tournament({ problemText });

const computer = new Computer({
  start: (position) => setStart(position),
  play: (move) => playMove(move),
  line: () => ({ start: state.start, steps: state.steps, cursor: state.cursor }),
  goTo: (cursor) => goTo(cursor),
  takeBack: async (count) => {
    state.steps = state.steps.slice(0, Math.max(0, state.steps.length - count));
    state.cursor = state.steps.length;
    state.pick = null;
    const step = state.steps[state.cursor - 1];
    await show(step ? { marks: marksOf(step) } : {});
  },
  report: () => state.moves,
  startOf,
  status: (words) => {
    state.message = words;
    state.alone = true;
    writeStatus(words);
  },
  verdict: (over) => (over ? gameOverText(over) : ''),
  record: ({ date }) => recordText({ date }),
  problemText,
});

const exercises = new Exercises({
  open: (position) => setStart(position),
  playLine: async (position, moves) => {
    const answer = await api.play(position, moves);
    if (!answer.ok) {
      showAlert(problemText(answer.data));
      return;
    }
    await setStart(position, { steps: answer.data.steps, cursor: 0 });
  },
  advance,
  status: (words, { alone = false } = {}) => {
    state.message = words;
    state.alone = alone;
    writeStatus(words());
  },
  legal: () => state.moves?.legal ?? [],
  problemText,
});

const classes = new Classes({
  exercises,
  showExercises: () => selectTab($('tab-exercises')),
  problemText,
});

const sheet = new Sheet({
  show: async (start, steps, marks, message) => {
    state.recordText = null;
    state.start = start;
    state.startCompact = null;
    state.steps = steps;
    state.cursor = steps.length;
    state.notes = [];
    state.pick = null;
    await show({ marks, message });
  },
  report: () => state.moves,
  startOf,
  problemText,
  alert: showAlert,
  linked: writeUrl,
  status: () => {
    if (activeTab() === 'live') writeStatus(typeof state.message === 'function' ? state.message() : state.message);
  },
});

/**
 * A link's moves when the server refused one (`problem`, with its `index`):
 * the moves before it, played, and which move was refused and why.
 */
async function playUpTo(start, moves, problem) {
  const index = Number.isInteger(problem?.index) ? problem.index : null;
  if (index === null) return { steps: [], refused: problemText(problem) };
  let steps = [];
  if (index > 0) {
    const before = await api.play(start, moves.slice(0, index));
    if (before.ok) steps = before.data.steps;
  }
  let refused = t('page-link-refused', { count: index + 1, move: moves[index], text: problemText(problem) });
  if (steps.length) refused += ` ${t('page-link-kept', { count: steps.length })}`;
  return { steps, refused };
}

/** The language to start in: the link's, else the browser's first that the server speaks. */
function firstLanguage(params) {
  const asked = params.get('lang');
  if (asked) return asked;
  const browser = (navigator.languages ?? [navigator.language]).map((l) => l.slice(0, 2).toLowerCase());
  return browser.find((l) => l === 'fr' || l === 'en') ?? 'en';
}

async function main() {
  wire();
  const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  await setLanguage(firstLanguage(params));
  const compact = params.get('position');
  let start = null;
  if (compact) {
    const answer = await api.readPosition(compact, { render: null });
    if (answer.ok) start = answer.data.position;
    else showAlert(problemText(answer.data));
  }
  start ??= await startOf('songo');
  const moves = (params.get('moves') ?? '').split(/\s+/).filter(Boolean);
  let steps = [];
  let refused = null;
  if (moves.length) {
    const answer = await api.play(start, moves);
    if (answer.ok) steps = answer.data.steps;
    else ({ steps, refused } = await playUpTo(start, moves, answer.data));
  }
  const ply = params.has('ply') ? Number(params.get('ply')) : steps.length;
  await setStart(start, { steps, cursor: Math.min(Math.max(0, ply || 0), steps.length) });
  // Said after the board is shown, which clears the alerts of before.
  if (refused) showAlert(refused);
  if (params.has('exercises')) {
    selectTab($('tab-exercises'));
    await exercises.fromParams(params);
  }
  if (params.has('live')) {
    selectTab($('tab-live'));
    await sheet.fromParams(params);
  }
  if (params.has('event')) {
    selectTab($('tab-tournament'));
    await tournament.open(params.get('event'));
  }
  if (params.has('class')) {
    classes.fromParams(params);
    selectTab($('tab-class'));
  }
  document.body.dataset.ready = 'true';
  performance.mark('songo-ready');
}

main();
