// Lessons: paste a teaching text, check it (POST /v1/lessons/check), see
// each problem and note at its line and column, and download its handout
// (POST /v1/lessons/render) under a title of the teacher's choosing. Every
// text of the lesson is shown with textContent, never as HTML.

import * as api from './api.js';
import { lang, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** At most this many lines of a lesson are drawn with their numbers. */
const MAX_LINES = 5000;

/** A file name from a title: lower case, no accents, words joined by `-`. */
export function fileName(title) {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'handout'}.html`;
}

/** The lesson with the teacher's title as its first heading (the handout's title). */
export function titled(text, title) {
  const clean = title.replace(/\s+/g, ' ').trim();
  return clean ? `# ${clean}\n\n${text}` : text;
}

/** A picture of the handout's Markdown: `![caption: compact](name)`. */
const PICTURE = /^!\[(.*)\]\(([^)\s]+)\)$/;

/** Markdown's backslash escapes undone: `\(South\)` is `(South)`. */
function unescape(text) {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1');
}

/**
 * The handout's Markdown as steps, one a board: `{compact, caption,
 * blocks}`, each block `{kind: 'heading'|'text'|'list'|'caption', text,
 * teacher}`. The blocks before a board lead to it; after a board, its
 * caption (the italic line under it), the teacher's notes under it, and
 * what comes before the next heading are its own; what follows without a
 * heading leads to the next board. `teacherOnly` holds the blocks of the
 * teacher's copy that the pupils' copy has not.
 */
export function lessonSteps(markdown, teacherOnly = new Set()) {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  const steps = [];
  let pending = [];
  let open = null;
  let afterPicture = false;
  const block = (text) => {
    const teacher = teacherOnly.has(text);
    if (/^#{1,6}\s/.test(text)) return { kind: 'heading', text: text.replace(/^#+\s*/, ''), teacher };
    if (/^[-*]\s/.test(text)) return { kind: 'list', text, teacher };
    return { kind: 'text', text, teacher };
  };
  for (const text of blocks) {
    const picture = text.match(PICTURE);
    if (picture) {
      // What followed the board before without a heading leads to this one.
      const alt = unescape(picture[1]);
      const cut = alt.lastIndexOf(': ');
      const step = {
        compact: cut < 0 ? alt : alt.slice(cut + 2),
        blocks: pending,
      };
      steps.push(step);
      pending = [];
      open = step;
      afterPicture = true;
      continue;
    }
    const item = block(text);
    if (open && afterPicture && item.kind === 'text' && !item.teacher && /^\*[^*].*\*$/s.test(text)) {
      open.blocks.push({ ...item, kind: 'caption' });
      afterPicture = false;
      continue;
    }
    afterPicture = false;
    if (open && item.teacher) {
      open.blocks.push(item);
      continue;
    }
    if (item.kind === 'heading' && open) {
      // A heading closes the board before: what was waiting was its own.
      open.blocks.push(...pending);
      pending = [];
      open = null;
    }
    pending.push(item);
  }
  if (open) open.blocks.push(...pending);
  else if (steps.length) steps[steps.length - 1].blocks.push(...pending);
  return steps;
}

/** A Markdown line's text as nodes: `**bold**` and `*italic*` kept, escapes undone. */
function inline(text) {
  const nodes = [];
  for (const part of text.split(/(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/)) {
    if (!part) continue;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
      const strong = document.createElement('strong');
      strong.textContent = unescape(part.slice(2, -2));
      nodes.push(strong);
    } else if (part.startsWith('*') && part.endsWith('*') && part.length > 2) {
      const em = document.createElement('em');
      em.textContent = unescape(part.slice(1, -1));
      nodes.push(em);
    } else {
      nodes.push(unescape(part));
    }
  }
  return nodes;
}

export class Lessons {
  /**
   * `hooks.problemText(problem)` words an API problem; `hooks.show(compact)`
   * puts a board of the lesson on the page's board; `hooks.reading(on)`
   * says whether the lesson is being read.
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.report = null;
    this.problem = null;
    this.text = '';
    this.url = null;
    /** The lesson being read: its steps and the one shown. */
    this.steps = [];
    this.at = 0;
    $('check-lesson').addEventListener('click', () => this.check($('lesson-text').value));
    $('lesson-handout').addEventListener('click', () => this.handout());
    $('lesson-read').addEventListener('click', () => this.read($('lesson-text').value));
    $('lesson-teacher').addEventListener('change', () => {
      if (this.steps.length) this.read(this.reading, this.at);
    });
    $('lesson-previous').addEventListener('click', () => this.step(this.at - 1));
    $('lesson-next').addEventListener('click', () => this.step(this.at + 1));
    $('lesson-file').addEventListener('change', async () => {
      const file = $('lesson-file').files[0];
      if (!file) return;
      $('lesson-text').value = await file.text();
    });
  }

  /**
   * Reads `text` board by board from board `at`: the pupils' copy of its
   * handout, or with the teacher's switch the teacher's copy, its notes
   * set apart.
   */
  async read(text, at = 0) {
    this.reading = text;
    const teacher = $('lesson-teacher').checked;
    const [pupils, teachers] = await Promise.all([
      api.lessonMarkdown(text, 'none'),
      teacher ? api.lessonMarkdown(text, 'teacher') : null,
    ]);
    const answer = teachers ?? pupils;
    const box = $('lesson-sentences');
    $('lesson-reader').hidden = false;
    if (!answer.ok || !pupils.ok) {
      this.steps = [];
      this.hooks.reading(false);
      $('lesson-step').textContent = '';
      const p = document.createElement('p');
      p.className = 'bad';
      p.textContent = this.hooks.problemText((answer.ok ? pupils : answer).data);
      box.replaceChildren(p);
      this.writeButtons();
      return;
    }
    const theirs = new Set(pupils.data.markdown.split(/\n\s*\n/).map((b) => b.trim()));
    const teacherOnly = new Set(answer.data.markdown.split(/\n\s*\n/).map((b) => b.trim()).filter((b) => !theirs.has(b)));
    this.steps = lessonSteps(answer.data.markdown, teacherOnly);
    if (!this.steps.length) {
      this.hooks.reading(false);
      $('lesson-step').textContent = '';
      const p = document.createElement('p');
      p.textContent = t('page-lesson-no-boards');
      box.replaceChildren(p);
      this.writeButtons();
      return;
    }
    this.hooks.reading(true);
    await this.step(Math.min(at, this.steps.length - 1), true);
    $('lesson-reader').scrollIntoView({ block: 'nearest' });
  }

  /** Shows board `at` of the lesson and its sentences. */
  async step(at, again = false) {
    if (at < 0 || at >= this.steps.length || (at === this.at && !again)) return;
    this.at = at;
    this.writeStep();
    await this.hooks.show(this.steps[at].compact);
  }

  writeButtons() {
    $('lesson-previous').disabled = !this.steps.length || this.at === 0;
    $('lesson-next').disabled = !this.steps.length || this.at >= this.steps.length - 1;
  }

  /** The counter and the sentences of the board shown. */
  writeStep() {
    this.writeButtons();
    const step = this.steps[this.at];
    if (!step) return;
    $('lesson-step').textContent = t('page-lesson-step', { number: this.at + 1, count: this.steps.length });
    const box = $('lesson-sentences');
    box.replaceChildren();
    for (const item of step.blocks) {
      let node;
      if (item.kind === 'heading') {
        node = document.createElement('h4');
        node.append(...inline(item.text));
      } else if (item.kind === 'list') {
        node = document.createElement('ul');
        for (const line of item.text.split('\n')) {
          const li = document.createElement('li');
          li.append(...inline(line.replace(/^[-*]\s+/, '')));
          node.append(li);
        }
      } else {
        node = document.createElement('p');
        if (item.kind === 'caption') node.className = 'caption';
        node.append(...inline(item.text.replace(/\s*\n\s*/g, ' ')));
      }
      if (item.teacher) {
        const note = document.createElement('div');
        note.className = 'teacher-note';
        const label = document.createElement('strong');
        label.textContent = t('page-lesson-teacher-note');
        note.append(label, node);
        node = note;
      }
      box.append(node);
    }
  }

  /** Checks the text and shows the report. */
  async check(text) {
    this.text = text;
    const answer = await api.checkLesson(text);
    this.report = answer.ok ? answer.data : null;
    this.problem = answer.ok ? null : answer.data;
    this.write();
  }

  /** Words again after a change of language. */
  retranslate() {
    if (this.report || this.problem) this.write();
    // The handout's sentences are in the language asked: asked again.
    if (this.steps.length) this.read(this.reading, this.at);
  }

  /** The problems and the notes, in the order of the text. */
  items() {
    if (this.problem) return [{ ...this.problem, message: this.hooks.problemText({ ...this.problem, line: null }), note: false }];
    const problems = (this.report?.problems ?? []).map((p) => ({ ...p, note: p.kind === 'note' }));
    const notes = (this.report?.notes ?? []).map((n) => ({ ...n, note: true }));
    return [...problems, ...notes].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  }

  write() {
    const box = $('lesson-report');
    box.replaceChildren();
    const items = this.items();
    const faults = items.filter((item) => !item.note);
    const summary = document.createElement('p');
    if (this.problem) {
      summary.className = 'bad';
      summary.textContent = t('page-lesson-unreadable');
    } else {
      summary.className = faults.length ? 'bad' : 'good';
      const boards = t('page-lesson-boards', { count: this.report.diagrams.length });
      const links = t('page-lesson-links', { count: this.report.links.length });
      summary.textContent = faults.length
        ? `${t('page-lesson-problems', { count: faults.length })} (${boards}, ${links})`
        : `${t('page-lesson-ok')} (${boards}, ${links})`;
    }
    box.append(summary);
    if (items.length) {
      const ul = document.createElement('ul');
      ul.className = 'violations lesson-notes';
      for (const item of items) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = item.note ? 'note' : 'problem';
        const where = document.createElement('strong');
        where.textContent = item.line ? t('page-at', { line: item.line, column: item.column ?? 1 }) : '';
        const kind = document.createElement('code');
        kind.textContent = item.note ? t('page-lesson-note') : item.rule ?? item.kind ?? '';
        // French puts a no-break space before the colon (« remarque : »).
        const colon = lang() === 'fr' ? '\u00a0:' : ':';
        button.append(where, ' ', kind, `${colon} ${item.message ?? item.detail ?? ''}`);
        if (item.hint) button.append(` — ${item.hint}`);
        button.addEventListener('click', () => this.select(item));
        li.append(button);
        ul.append(li);
      }
      box.append(ul);
    }
    this.drawLines(items);
  }

  /** The lesson's text, line by line with numbers, each problem marked under its column. */
  drawLines(items) {
    const list = $('lesson-lines');
    list.replaceChildren();
    const lines = this.text.split(/\r?\n/);
    const byLine = new Map();
    for (const item of items) {
      if (!item.line) continue;
      if (!byLine.has(item.line)) byLine.set(item.line, []);
      byLine.get(item.line).push(item);
    }
    lines.slice(0, MAX_LINES).forEach((text, i) => {
      const number = i + 1;
      const li = document.createElement('li');
      li.id = `lesson-line-${number}`;
      li.value = number;
      const code = document.createElement('code');
      code.textContent = text || ' ';
      li.append(code);
      for (const item of byLine.get(number) ?? []) {
        li.classList.add(item.note ? 'note' : 'bad');
        const caret = document.createElement('span');
        caret.className = item.note ? 'caret note' : 'caret';
        caret.textContent = `${' '.repeat(Math.max(0, (item.column ?? 1) - 1))}^ ${item.message ?? item.detail ?? ''}`;
        li.append(caret);
      }
      list.append(li);
    });
    list.hidden = !this.text;
  }

  /** Shows where a problem is: its line in the list, its place in the text box. */
  select(item) {
    if (!item.line) return;
    $(`lesson-line-${item.line}`)?.scrollIntoView({ block: 'nearest' });
    const area = $('lesson-text');
    const lines = area.value.split('\n');
    const offset = lines.slice(0, item.line - 1).reduce((sum, l) => sum + l.length + 1, 0) + (item.column ?? 1) - 1;
    area.focus();
    area.setSelectionRange(offset, offset + 1);
  }

  /** The handout of the text in the box, under the title typed, offered as a file. */
  async handout() {
    const title = $('lesson-title').value;
    const answer = await api.handout(titled($('lesson-text').value, title));
    const result = $('lesson-result');
    if (!answer.ok) {
      const p = document.createElement('span');
      p.className = 'bad';
      p.textContent = this.hooks.problemText(answer.data);
      result.replaceChildren(p);
      return;
    }
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(new Blob([answer.data], { type: 'text/html' }));
    const link = document.createElement('a');
    const name = fileName(title);
    link.id = 'lesson-link';
    link.href = this.url;
    link.download = name;
    link.textContent = t('page-download', { name });
    result.replaceChildren(link);
    link.click();
  }
}
