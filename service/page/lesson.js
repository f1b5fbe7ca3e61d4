// Lessons: paste a teaching text, check it (POST /v1/lessons/check), see
// each problem and note at its line and column, and download its handout
// (POST /v1/lessons/render) under a title of the teacher's choosing. Every
// text of the lesson is shown with textContent, never as HTML.

import * as api from './api.js';
import { t } from './i18n.js';

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

export class Lessons {
  /** `hooks.problemText(problem)` words an API problem. */
  constructor(hooks) {
    this.hooks = hooks;
    this.report = null;
    this.problem = null;
    this.text = '';
    this.url = null;
    $('check-lesson').addEventListener('click', () => this.check($('lesson-text').value));
    $('lesson-handout').addEventListener('click', () => this.handout());
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
        const colon = document.documentElement.lang === 'fr' ? '\u00a0:' : ':';
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
