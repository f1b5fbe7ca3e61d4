// The Exercises tab: exercises mined from games (POST /v1/exercises from
// pasted or opened records, GET /v1/exercises from the server's archive),
// solved on the board. A right answer plays the solution line step by
// step; a wrong one is told why from what the engine computes: the move's
// effects (/v1/moves), the opponent's greniers and threats after it
// (/v1/explain) and the analysis's values (/v1/analyse). The page decides
// nothing itself; every text from a record is shown with textContent.

import * as api from './api.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The longest link to a set that carries its exercises (characters). */
export const MAX_LINK = 4000;

/** The exercises asked for at once. */
const COUNT = 20;

/** The motifs by their teach.* id (without `teach.`): the message of the name and of the question. */
const WORDS = {
  grenier: ['page-exercises-motif-grenier', 'page-exercises-question-grenier'],
  'grenier-build': ['page-exercises-motif-grenier-build', 'page-exercises-question-grenier-build'],
  'double-threat': ['page-exercises-motif-double-threat', 'page-exercises-question-double-threat'],
  yinda: ['page-exercises-motif-yinda', 'page-exercises-question-yinda'],
  defence: ['page-exercises-motif-defence', 'page-exercises-question-defence'],
  threat: ['page-exercises-motif-threat', 'page-exercises-question-threat'],
};
const MOTIFS = Object.keys(WORDS);

/** The short name of a motif's teach.* id (`teach.grenier` → `grenier`). */
function motifName(id) {
  const name = String(id ?? '').replace(/^teach\./, '');
  return MOTIFS.includes(name) ? name : 'threat';
}

/** How an exercise's motif is asked: `grenier-build` for a grenier the solution builds. */
function askedMotif(exercise) {
  const name = motifName(exercise.motif);
  return name === 'grenier' && exercise.build ? 'grenier-build' : name;
}

/** The seeds of a grenier on the exercise's board: one for every other house (14 in Songo). */
function grenierSeeds(position) {
  return 2 * (position?.north?.length ?? 7);
}

/** The one-letter names of a refutation's term in a link. */
const TERMS = { grenier: 'g', 'double-threat': 'd', threat: 't' };

/** A refutation in a link: `move.reply.wins.worse.term` (reply and term may be empty). */
function refutationLink(r) {
  const term = TERMS[String(r.term ?? '').replace(/^teach\./, '')] ?? '';
  return [r.move, r.reply ?? '', r.wins ?? 0, r.worse ?? 0, term].join('.');
}

/** A refutation read from a link, or null. */
function refutationFromLink(text) {
  const [move, reply, wins, worse, term] = text.split('.');
  if (!/^[NS]\d{1,2}$/.test(move ?? '')) return null;
  const name = Object.keys(TERMS).find((k) => TERMS[k] === term);
  const whole = (value) => Math.max(-1000, Math.min(1000, Math.floor(Number(value)) || 0));
  const replied = /^[NS]\d{1,2}$/.test(reply ?? '') ? reply : null;
  return {
    move, reply: replied, line: replied ? [replied] : [], wins: whole(wins), worse: whole(worse),
    term: name ? `teach.${name}` : null,
  };
}

function sideName(side) {
  return t(side === 'south' ? 'page-south' : 'page-north');
}

/** The longest name of a game a link carries (characters). */
const MAX_GAME_NAME = 120;

/** A game as its origin names it: event, players, date (empty when it has none of them). */
function gameName(origin) {
  const players = [origin.south, origin.north].filter(Boolean).join(' – ');
  return [origin.event, players, origin.date].filter(Boolean).join(', ');
}

/** The name of the one game every exercise of `set` comes from, or ''. */
export function oneGameOf(set) {
  const games = new Set(set.map((e) => (e.origin ? `${e.origin.source}\n${e.origin.game}` : '')));
  if (games.size !== 1 || games.has('')) return '';
  return gameName(set[0].origin).slice(0, MAX_GAME_NAME);
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * One exercise of a link:
 * `compact~S1_N3_S3~motif~level~margin~exact~depth~gain~S2.N4.3.5.t,…`
 * (`~` and `_` never occur in the compact notation of a sowing game; the
 * last field is the refutations, each `move.reply.wins.worse.term`).
 */
export function linkOf(exercise) {
  return [
    exercise.compact,
    exercise.line.join('_'),
    askedMotif(exercise),
    exercise.difficulty?.level ?? 1,
    exercise.proof?.margin ?? 0,
    exercise.proof?.exact ? 1 : 0,
    exercise.proof?.depth ?? 0,
    exercise.gain ?? 0,
    (exercise.refutations ?? []).map(refutationLink).join(','),
  ].join('~');
}

/** An exercise read from a link (its position still in the compact notation), or null. */
export function fromLink(text) {
  const [compact, line, asked, level, margin, exact, depth, gain, refuted] = text.split('~');
  const build = asked === 'grenier-build';
  const motif = build ? 'grenier' : asked;
  const moves = (line ?? '').split('_').filter((m) => /^[NS]\d{1,2}$/.test(m));
  if (!compact || !moves.length) return null;
  const number = (value, max) => Math.min(max, Math.max(0, Math.floor(Number(value)) || 0));
  return {
    compact,
    position: null,
    line: moves.slice(0, 16),
    solution: moves[0],
    motif: `teach.${motifName(motif)}`,
    build,
    difficulty: { level: Math.max(1, number(level, 5)) },
    proof: { margin: number(margin, 1000), exact: exact === '1', depth: number(depth, 100) },
    gain: Math.max(-1000, Math.min(1000, Math.floor(Number(gain)) || 0)),
    refutations: (refuted ?? '').split(',').slice(0, 16).map(refutationFromLink).filter(Boolean),
  };
}

export class Exercises {
  /**
   * `hooks.open(position)` shows a position (a new line);
   * `hooks.playLine(position, moves)` shows it with the moves as its line,
   * at its start; `hooks.advance()` plays the line's next move with the
   * sowing shown and resolves to false at its end; `hooks.status(words,
   * {alone})` says `words()` under the board (`alone`: without who is to
   * move, which the words say); `hooks.legal()` are the
   * shown position's legal moves; `hooks.problemText(problem)` says a
   * problem in words.
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.set = [];
    this.index = 0;
    /** Per exercise: 'right' (first try), 'wrong' (a wrong first try), or undefined. */
    this.results = [];
    /** Where the set came from: `{archive: true, motif}` or `{text}`. */
    this.source = null;
    /** The game a shared set's link names (its exercises carry no origin). */
    this.sharedGame = '';
    /** 'ask' (waiting for a move), 'wrong', 'solved'. */
    this.phase = 'ask';
    this.feedback = null;
    this.asked = 0;
    /** `async (index, move)`: called with each answer (a class's set, `class.js`), else null. */
    this.onAnswer = null;
    /** Words said with every exercise of the set (a class's set: whose it is). */
    this.note = '';
    $('exercises-find').addEventListener('click', () => this.fromRecords());
    $('exercises-archive').addEventListener('click', () => this.fromArchive());
    $('exercises-file').addEventListener('change', async () => {
      const file = $('exercises-file').files[0];
      if (file) $('exercises-text').value = await file.text();
    });
    $('exercises-previous').addEventListener('click', () => this.go(this.index - 1));
    $('exercises-next').addEventListener('click', () => this.go(this.index + 1));
    $('exercises-retry').addEventListener('click', () => this.retry());
    $('exercises-show').addEventListener('click', () => this.solve(false));
    $('exercises-step').addEventListener('click', () => this.step());
    $('exercises-share').addEventListener('click', () => this.share());
  }

  motifFilter() {
    return $('exercises-motif').value;
  }

  /** The exercises of the pasted or opened records. */
  async fromRecords() {
    const text = $('exercises-text').value;
    if (!text.trim()) return;
    await this.load(() => api.findExercises(text, { motif: this.motifFilter(), count: COUNT }), { text });
  }

  /** The exercises of the server's archive. */
  async fromArchive(motif = this.motifFilter()) {
    $('exercises-motif').value = motif;
    await this.load(() => api.archiveExercises({ motif, count: COUNT }), { archive: true, motif });
  }

  async load(ask, source) {
    const summary = $('exercises-summary');
    summary.classList.remove('bad');
    summary.textContent = t('page-exercises-searching');
    $('exercises-find').disabled = true;
    $('exercises-archive').disabled = true;
    const asked = ++this.asked;
    let answer;
    try {
      answer = await ask();
    } finally {
      $('exercises-find').disabled = false;
      $('exercises-archive').disabled = false;
    }
    if (asked !== this.asked) return;
    if (!answer.ok) {
      const none = answer.status === 503 && String(answer.data?.type ?? '').endsWith(':no-archive');
      summary.textContent = none ? t('page-exercises-no-archive') : this.hooks.problemText(answer.data);
      summary.classList.add('bad');
      return;
    }
    // Compact notations for the links, asked once per exercise.
    const exercises = answer.data.exercises.filter((e) => e.position?.rules !== 'seega');
    await Promise.all(exercises.map(async (exercise) => {
      const drawn = await api.readPosition(exercise.position, { render: null });
      exercise.compact = drawn.ok ? drawn.data.compact : '';
    }));
    this.source = source;
    await this.start(exercises, 0);
  }

  /** Starts a set at exercise `index`; `note` is said with each exercise. */
  async start(set, index, { note = '' } = {}) {
    this.set = set;
    this.onAnswer = null;
    this.note = note;
    if (set.some((e) => e.origin)) this.sharedGame = '';
    this.results = [];
    // The loader folds away once there is a set to solve.
    if (set.length) $('exercises-load').open = false;
    this.writeSummary();
    $('exercises-set').hidden = set.length === 0;
    $('exercises-link').value = '';
    if (set.length) await this.go(index);
  }

  /** A set from a link's parameters (`exercises=…&exercise=N&motif=…`). */
  async fromParams(params) {
    const carried = params.get('exercises');
    if (!carried) return false;
    const index = Math.max(0, (Number(params.get('exercise')) || 1) - 1);
    if (carried === 'archive') {
      await this.fromArchive(MOTIFS.includes(params.get('motif')) ? params.get('motif') : '');
      if (index < this.set.length) await this.go(index);
      return true;
    }
    const set = carried.split(';').slice(0, 100).map(fromLink).filter(Boolean);
    this.source = null;
    this.sharedGame = (params.get('game') ?? '').slice(0, MAX_GAME_NAME);
    await this.start(set, Math.min(index, Math.max(0, set.length - 1)));
    return true;
  }

  writeSummary() {
    const summary = $('exercises-summary');
    summary.classList.remove('bad');
    summary.textContent = this.set.length
      ? t('page-exercises-found', { count: this.set.length })
      : t('page-exercises-none');
  }

  /** Plays the shown line's next move; remembered, so that no other board is opened while it is sown. */
  advance() {
    this.playing = this.hooks.advance();
    return this.playing;
  }

  /** Shows exercise `index`: its board, who is to move, its question. */
  async go(index) {
    if (index < 0 || index >= this.set.length) return;
    // A sowing still drawn would end on the next exercise's board.
    await this.playing?.catch(() => false);
    this.index = index;
    const exercise = this.set[index];
    if (!exercise.position) {
      const answer = await api.readPosition(exercise.compact, { render: null });
      if (!answer.ok) {
        this.say([this.hooks.problemText(answer.data)], 'bad');
        return;
      }
      exercise.position = answer.data.position;
    }
    this.phase = 'ask';
    this.feedback = null;
    await this.hooks.open(exercise.position);
    this.write();
    // On a phone the board is above the tab: the exercise starts in view.
    if (matchMedia('(max-width: 52rem)').matches) $('board').scrollIntoView({ block: 'start' });
  }

  /** Whether a move is awaited (the legal moves are then ringed). */
  asking() {
    return this.set.length > 0 && this.phase === 'ask';
  }

  current() {
    return this.set[this.index];
  }

  /** The exercise shown again (after the tab was left, the board changed). */
  async reopen() {
    if (this.set.length) await this.go(this.index);
  }

  /** A move chosen on the board: the answer. */
  async choose(move) {
    const exercise = this.current();
    if (!exercise || this.phase !== 'ask' || this.busy) return;
    if (!this.hooks.legal().includes(move)) {
      // Not an answer (an empty house, the opponent's): said, not counted.
      this.say([t('page-exercises-not-legal', { move }), t('page-exercises-tap')]);
      return;
    }
    this.busy = true;
    try {
      // A class's answer is kept before it is judged here.
      if (this.onAnswer) await this.onAnswer(this.index, move);
      if (move === exercise.solution) {
        if (!this.results[this.index]) this.results[this.index] = 'right';
        await this.solve(true);
      } else {
        if (!this.results[this.index]) this.results[this.index] = 'wrong';
        await this.wrong(move);
      }
    } finally {
      this.busy = false;
    }
  }

  /** Shows the solution line, its first move played (`right`: the student's). */
  async solve(right) {
    const exercise = this.current();
    if (!exercise) return;
    if (!this.results[this.index]) this.results[this.index] = 'wrong';
    this.phase = 'solved';
    this.feedback = { right };
    await this.hooks.playLine(exercise.position, exercise.line);
    this.write();
    await this.step();
  }

  /** The solution line's next move. */
  async step() {
    $('exercises-step').disabled = true;
    const more = await this.advance();
    this.feedback = { ...this.feedback, played: (this.feedback?.played ?? 0) + (more ? 1 : 0) };
    this.write();
  }

  /** Back to the exercise's board after a wrong move. */
  async retry() {
    this.phase = 'ask';
    this.feedback = null;
    await this.hooks.open(this.current().position);
    this.write();
  }

  /**
   * Why `move` is wrong, as the exercise itself says it (one source of
   * numbers, the finder's proof): the move and the opponent's best reply
   * are played on the board, and the reply's term, what its line wins and
   * how much worse the move is than the solution are said.
   */
  async wrong(move) {
    const exercise = this.current();
    const position = exercise.position;
    this.phase = 'wrong';
    const refutation = (exercise.refutations ?? []).find((r) => r.move === move) ?? null;
    this.feedback = { move, refutation, mover: position.to_move };
    const shown = refutation?.reply ? [move, refutation.reply] : [move];
    await this.hooks.playLine(position, shown);
    for (let i = 0; i < shown.length; i += 1) await this.advance();
    if (this.current() !== exercise || this.phase !== 'wrong') return;
    this.write();
    // On a phone the board and the verdict under the tabs share the screen.
    if (matchMedia('(max-width: 52rem)').matches) $('board').scrollIntoView({ block: 'start' });
  }

  /** The sentences of a wrong answer, in the page's language. */
  wrongReasons() {
    const { move, refutation, mover } = this.feedback;
    const exercise = this.current();
    if (!refutation) return [];
    const reasons = [];
    if (refutation.takes > 0) reasons.push(t('page-exercises-wrong-takes', { move, count: refutation.takes }));
    const opponent = mover === 'south' ? 'north' : 'south';
    if (!refutation.reply) {
      reasons.push(t('page-exercises-refuted-end', { move }));
    } else if (refutation.wins > 0) {
      const term = String(refutation.term ?? '').replace(/^teach\./, '');
      const id = { grenier: 'page-exercises-refuted-grenier', 'double-threat': 'page-exercises-refuted-double', threat: 'page-exercises-refuted-threat' }[term] ?? 'page-exercises-refuted';
      reasons.push(t(id, {
        move, name: sideName(opponent), house: refutation.reply, count: refutation.wins, text: (refutation.line ?? []).join(' '),
      }));
    } else {
      reasons.push(t('page-exercises-refuted-quiet', { move, name: sideName(opponent), house: refutation.reply }));
    }
    const proof = exercise.proof ?? {};
    reasons.push(t(proof.exact ? 'page-exercises-worse-exact' : 'page-exercises-worse-depth', {
      move, house: exercise.solution, count: refutation.worse, value: proof.depth,
    }));
    return reasons;
  }

  /** Says `lines` under the question. */
  say(lines, className = '') {
    const box = $('exercises-feedback');
    box.className = `exercise-feedback ${className}`.trim();
    box.replaceChildren(...lines.map((line) => element('p', '', line)));
  }

  /** Writes the exercise's words: counter, motif, difficulty, question, feedback, score. */
  write() {
    const exercise = this.current();
    if (!exercise) return;
    const total = this.set.length;
    $('exercises-counter').textContent = t('page-exercises-counter', { value: this.index + 1, text: total });
    $('exercises-motif-name').textContent = t(WORDS[askedMotif(exercise)][0]);
    $('exercises-difficulty').textContent = t('page-exercises-difficulty', { value: exercise.difficulty?.level ?? 1 });
    $('exercises-question').textContent = this.question(exercise);
    const facts = this.note ? [this.note] : [];
    const origin = exercise.origin;
    if (origin) {
      const where = gameName(origin);
      if (where) facts.push(t('page-exercises-origin', { text: where, value: origin.ply }));
    } else if (this.sharedGame) {
      facts.push(t('page-exercises-from-game', { text: this.sharedGame }));
    }
    if (exercise.after_mistake) {
      facts.push(t('page-exercises-after-mistake', { move: exercise.after_mistake.move, count: exercise.after_mistake.loss }));
    }
    $('exercises-origin').textContent = facts.join(' ');
    $('exercises-previous').disabled = this.index === 0;
    $('exercises-next').disabled = this.index >= total - 1;
    const right = this.results.filter((r) => r === 'right').length;
    const tried = this.results.filter(Boolean).length;
    $('exercises-score').textContent = t('page-exercises-score', { value: right, text: tried, count: total });
    this.writeFeedback();
  }

  /** The exercise's one-line question. */
  question(exercise) {
    return t(WORDS[askedMotif(exercise)][1], {
      name: sideName(exercise.position?.to_move), value: grenierSeeds(exercise.position),
    });
  }

  writeFeedback() {
    const exercise = this.current();
    const feedback = this.feedback;
    $('exercises-retry').hidden = this.phase !== 'wrong';
    $('exercises-show').hidden = this.phase === 'solved';
    $('exercises-step').hidden = this.phase !== 'solved';
    if (this.phase === 'ask') {
      this.say([t('page-exercises-tap')]);
      this.hooks.status(() => this.question(exercise), { alone: true });
      return;
    }
    if (this.phase === 'wrong') {
      const lines = [t('page-exercises-wrong', { move: feedback.move }), ...this.wrongReasons()];
      this.say(lines, 'wrong');
      this.hooks.status(() => t('page-exercises-wrong', { move: feedback.move }));
      return;
    }
    const proof = exercise.proof ?? {};
    const lines = [];
    lines.push(t(feedback.right ? 'page-exercises-right' : 'page-exercises-solution', { move: exercise.solution }));
    if (proof.margin) {
      lines.push(proof.exact
        ? t('page-exercises-proof-exact', { count: proof.margin })
        : t('page-exercises-proof-depth', { count: proof.margin, value: proof.depth }));
    }
    lines.push(t('page-exercises-line', { text: exercise.line.join(' ') }));
    if (exercise.gain > 0) lines.push(t('page-exercises-gain', { name: sideName(exercise.position?.to_move), count: exercise.gain }));
    this.say(lines, feedback.right ? 'right' : '');
    if (!feedback.played) this.hooks.status(() => t(feedback.right ? 'page-exercises-right' : 'page-exercises-solution', { move: exercise.solution }));
    $('exercises-step').disabled = (feedback.played ?? 0) >= exercise.line.length;
  }

  /** The link to this set: its exercises, or its source when they do not fit. */
  linkTo(lang) {
    const base = `${location.origin}${location.pathname}#`;
    const tail = `&exercise=${this.index + 1}${lang && lang !== 'en' ? `&lang=${lang}` : ''}`;
    const carried = this.set.map(linkOf);
    let kept = carried.length;
    // The source game is named when the whole set comes from one, and it fits.
    const game = oneGameOf(this.set) || this.sharedGame || '';
    const named = game ? `&game=${encodeURIComponent(game)}` : '';
    const build = (count) => {
      const link = `${base}exercises=${encodeURIComponent(carried.slice(0, count).join(';'))}${tail}`;
      return named && link.length + named.length <= MAX_LINK ? link + named : link;
    };
    let link = build(kept);
    if (link.length > MAX_LINK && this.source?.archive) {
      const motif = this.source.motif ? `&motif=${encodeURIComponent(this.source.motif)}` : '';
      return { link: `${base}exercises=archive${motif}${tail}`, kept: carried.length };
    }
    while (link.length > MAX_LINK && kept > 1) {
      kept -= 1;
      link = build(kept);
    }
    return { link, kept };
  }

  async share() {
    if (!this.set.length) return;
    const { link, kept } = this.linkTo(document.documentElement.lang);
    $('exercises-link').value = link;
    $('exercises-link-note').textContent = kept < this.set.length ? t('page-exercises-link-cut', { count: kept }) : '';
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // The link stays in its box to copy by hand.
    }
  }

  /** Words again after a change of language. */
  retranslate() {
    if (this.set.length) {
      this.writeSummary();
      this.write();
    }
  }
}
