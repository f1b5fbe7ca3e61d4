// The Class tab (issue 41): a student joins a class by its code with a
// nickname only (the server answers with a key this phone keeps in
// localStorage; no e-mail, no password), sees the sets his teacher
// assigned and what is back for review, and solves them in the Exercises
// tab, each answer sent to the server. The teacher (the archive's write
// token, kept in sessionStorage as the Archive and Tournament tabs keep
// it) creates a class, assigns the Exercises tab's set, and sees who
// solved what, at the first try or not. Every text from the server is put
// on the page with textContent, never as HTML.

import * as api from './api.js';
import { t } from './i18n.js';
import { fromLink, linkOf } from './exercises.js';

const $ = (id) => document.getElementById(id);

/** Where the phone keeps the student's place: `{code, key, nickname, class}`. */
const PLACE_KEY = 'songo-class';
/** The archive's write token, shared with the Archive and Tournament tabs. */
const TOKEN_KEY = 'songo-archive-token';

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The cell of a student's progress on an exercise: its mark and its words. */
/**
 * A button that asks twice: the first press turns it into `confirm()` (for
 * a few seconds), the second does `act`. No browser dialog: a phone shows
 * the question where the finger is.
 */
function armed(button, confirm, act) {
  button.addEventListener('click', () => {
    if (button.dataset.armed) {
      delete button.dataset.armed;
      act();
      return;
    }
    const words = button.textContent;
    button.dataset.armed = 'true';
    button.textContent = confirm();
    setTimeout(() => {
      if (!button.dataset.armed) return;
      delete button.dataset.armed;
      button.textContent = words;
    }, 5000);
  });
}

function cell(progress) {
  if (progress.standing === 'first-try') return ['✓', 'first', 'page-class-cell-first'];
  if (progress.standing === 'new') return ['–', 'new', 'page-class-cell-new'];
  if (progress.solved) return ['↻', 'after', 'page-class-cell-after'];
  return ['✗', 'missed', 'page-class-cell-missed'];
}

export class Classes {
  /**
   * `hooks.exercises` is the Exercises tab (its set is assigned, and class
   * sets are solved in it); `hooks.showExercises()` selects its tab;
   * `hooks.problemText(problem)` says a problem in words.
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.work = null;
    this.report = null;
    $('class-join').addEventListener('submit', (event) => {
      event.preventDefault();
      this.join();
    });
    $('class-leave').addEventListener('click', () => this.leave());
    $('class-review').addEventListener('click', () => this.solve(this.work?.due ?? [], t('page-class-review-title')));
    $('class-create').addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    $('class-mine').addEventListener('click', () => this.mine());
    $('class-assign').addEventListener('submit', (event) => {
      event.preventDefault();
      this.assign();
    });
    $('class-refresh').addEventListener('click', () => this.open(this.report?.code));
    armed($('class-delete'), () => t('page-class-delete-confirm'), () => this.deleteClass());
    $('class-token').value = sessionStorage.getItem(TOKEN_KEY) ?? '';
    $('class-token').addEventListener('change', () => sessionStorage.setItem(TOKEN_KEY, $('class-token').value.trim()));
  }

  say(words, bad = false) {
    const box = $('class-message');
    box.textContent = words;
    box.classList.toggle('bad', bad);
  }

  place() {
    try {
      const place = JSON.parse(localStorage.getItem(PLACE_KEY) ?? 'null');
      return place && typeof place.key === 'string' && typeof place.code === 'string' ? place : null;
    } catch {
      return null;
    }
  }

  /** A link's `class=CODE`: the code typed in for the student. */
  fromParams(params) {
    const code = (params.get('class') ?? '').slice(0, 8);
    if (code && !this.place()) $('class-code').value = code;
  }

  /** The tab shown: the student's work again, if he joined. */
  async refresh() {
    if (this.place()) await this.load();
  }

  // ---- The student ------------------------------------------------------

  async join() {
    const code = $('class-code').value.trim();
    const nickname = $('class-nickname').value.trim();
    if (!code || !nickname) return;
    const answer = await api.call(`/v1/classes/${encodeURIComponent(code)}/students`, { body: { nickname } });
    if (!answer.ok) {
      this.say(this.hooks.problemText(answer.data), true);
      return;
    }
    const { key } = answer.data;
    localStorage.setItem(PLACE_KEY, JSON.stringify({ code: answer.data.code, key, nickname: answer.data.nickname, class: answer.data.class }));
    this.say(t('page-class-joined', { text: answer.data.class, name: answer.data.nickname }));
    await this.load();
  }

  leave() {
    localStorage.removeItem(PLACE_KEY);
    this.work = null;
    this.hooks.exercises.onAnswer = null;
    this.say('');
    this.write();
  }

  /** The student's work from the server. */
  async load() {
    const place = this.place();
    if (!place) return;
    const answer = await api.call(`/v1/classes/${encodeURIComponent(place.code)}/work`, {
      method: 'GET', extra: { Authorization: `Bearer ${place.key}` },
    });
    if (!answer.ok) {
      this.say(this.hooks.problemText(answer.data), true);
      return;
    }
    this.work = answer.data;
    this.write();
  }

  /** The student's view: join, or his class, its sets and reviews. */
  write() {
    const work = this.work;
    $('class-join').hidden = Boolean(work);
    $('class-join-hint').hidden = Boolean(work);
    $('class-work').hidden = !work;
    if (!work) return;
    $('class-title').textContent = work.class;
    $('class-who').textContent = t('page-class-who', { name: work.nickname, value: work.code });
    const review = $('class-review');
    review.hidden = work.due.length === 0;
    review.textContent = t('page-class-review', { count: work.due.length });
    const list = $('class-sets');
    list.replaceChildren();
    if (!work.sets.length) list.append(element('li', 'hint', t('page-class-no-sets')));
    for (const set of work.sets) {
      const own = work.progress.filter((p) => p.set === set.number);
      const solved = own.filter((p) => p.solved).length;
      const item = element('li', 'class-set');
      item.append(element('span', 'class-set-title', set.title));
      item.append(element('span', 'hint', ` ${t('page-class-set-progress', { value: solved, count: own.length })} `));
      const button = element('button', '', t('page-class-solve'));
      button.type = 'button';
      button.dataset.set = String(set.number);
      button.addEventListener('click', () => this.solve(own, set.title));
      item.append(button);
      list.append(item);
    }
  }

  /** Solves exercises (`progress` entries) in the Exercises tab, each answer kept. */
  async solve(progress, title) {
    const work = this.work;
    const place = this.place();
    if (!work || !place || !progress.length) return;
    const chosen = progress
      .map((p) => {
        const link = work.sets.find((s) => s.number === p.set)?.exercises[p.exercise];
        const exercise = link ? fromLink(link) : null;
        return exercise ? { exercise, set: p.set, index: p.exercise } : null;
      })
      .filter(Boolean);
    if (!chosen.length) return;
    const exercises = this.hooks.exercises;
    this.hooks.showExercises();
    await exercises.start(chosen.map((c) => c.exercise), 0, { note: t('page-class-solving', { text: title }) });
    exercises.onAnswer = async (index, move) => {
      const at = chosen[index];
      if (!at) return;
      const answer = await api.call(`/v1/classes/${encodeURIComponent(place.code)}/answers`, {
        body: { set: at.set, exercise: at.index, move }, extra: { Authorization: `Bearer ${place.key}` },
      });
      if (!answer.ok) this.say(this.hooks.problemText(answer.data), true);
    };
  }

  // ---- The teacher ------------------------------------------------------

  token() {
    const token = $('class-token').value.trim();
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    return token;
  }

  /** Calls the API as the teacher; null (and said) when it fails. */
  async teacher(path, options = {}) {
    const token = this.token();
    if (!token) {
      this.say(t('page-tournament-token-needed'), true);
      return null;
    }
    const answer = await api.call(path, { ...options, extra: { Authorization: `Bearer ${token}` } });
    if (!answer.ok) {
      this.say(this.hooks.problemText(answer.data), true);
      return null;
    }
    // A removal answers 204, with nothing to read.
    return answer.data ?? {};
  }

  async create() {
    const name = $('class-name').value.trim();
    if (!name) return;
    const made = await this.teacher('/v1/classes', { body: { name } });
    if (!made) return;
    this.say(t('page-class-created', { text: made.name, value: made.code }));
    $('class-name').value = '';
    await this.open(made.code);
  }

  async mine() {
    const listed = await this.teacher('/v1/classes', { method: 'GET' });
    if (!listed) return;
    const list = $('class-list');
    list.replaceChildren();
    if (!listed.classes.length) list.append(element('li', 'hint', t('page-class-none')));
    for (const class_ of listed.classes) {
      const item = element('li');
      const button = element('button', 'link', `${class_.name} (${class_.code})`);
      button.type = 'button';
      button.addEventListener('click', () => this.open(class_.code));
      item.append(button);
      list.append(item);
    }
  }

  /** The teacher's report of class `code`. */
  async open(code) {
    if (!code) return;
    const report = await this.teacher(`/v1/classes/${encodeURIComponent(code)}`, { method: 'GET' });
    if (!report) return;
    this.report = report;
    this.writeReport();
  }

  async assign() {
    const report = this.report;
    const set = this.hooks.exercises.set;
    if (!report) return;
    if (!set.length) {
      this.say(t('page-class-no-exercises'), true);
      return;
    }
    const title = $('class-set-title').value.trim() || t('page-class-set-default', { value: report.sets + 1 });
    const assigned = await this.teacher(`/v1/classes/${encodeURIComponent(report.code)}/sets`, {
      body: { title, exercises: set.slice(0, 50).map(linkOf) },
    });
    if (!assigned) return;
    this.say(t('page-class-assigned', { text: assigned.title, count: assigned.exercises.length }));
    $('class-set-title').value = '';
    await this.open(report.code);
  }

  writeReport() {
    const report = this.report;
    $('class-report').hidden = !report;
    if (!report) return;
    $('class-report-title').textContent = report.name;
    $('class-report-code').textContent = report.code;
    const link = `${location.origin}${location.pathname}#class=${report.code}`;
    $('class-report-link').textContent = t('page-class-join-link', { text: link });
    const sets = $('class-report-sets');
    sets.replaceChildren(...report.set_list.map((set) => element('li', '', t('page-class-set-line', { text: set.title, count: set.exercises.length }))));
    this.writeResults();
  }

  /** The results table: a row per student, a column per exercise, set by set. */
  writeResults() {
    const report = this.report;
    const table = $('class-results');
    table.replaceChildren();
    $('class-no-students').hidden = report.student_list.length > 0;
    if (!report.student_list.length) return;
    const head = element('tr');
    head.append(element('th', '', t('page-class-student')));
    for (const set of report.set_list) {
      set.exercises.forEach((_, index) => {
        const th = element('th', '', `${set.number}.${index + 1}`);
        th.title = set.title;
        head.append(th);
      });
    }
    head.append(element('th', '', t('page-class-first-tries')));
    const thead = element('thead');
    thead.append(head);
    const body = element('tbody');
    for (const student of report.student_list) {
      const row = element('tr');
      const name = element('th', 'class-nickname', student.nickname);
      const remove = element('button', 'class-remove', '×');
      remove.type = 'button';
      remove.title = t('page-class-remove', { name: student.nickname });
      remove.setAttribute('aria-label', remove.title);
      armed(remove, () => t('page-class-remove-confirm'), () => this.removeStudent(student.nickname));
      name.append(' ', remove);
      row.append(name);
      for (const progress of student.progress) {
        const [mark, kind, words] = cell(progress);
        const td = element('td', `class-cell ${kind}`, mark);
        td.title = t(words, { count: progress.attempts });
        row.append(td);
      }
      const first = student.progress.filter((p) => p.first_try).length;
      row.append(element('td', 'class-total', `${first}/${student.progress.length}`));
      body.append(row);
    }
    table.append(thead, body);
  }

  /** Removes a student (and his answers) from the open class. */
  async removeStudent(nickname) {
    const code = this.report?.code;
    if (!code) return;
    const query = new URLSearchParams({ nickname });
    const removed = await this.teacher(`/v1/classes/${encodeURIComponent(code)}/students?${query}`, { method: 'DELETE' });
    if (!removed) return;
    this.say(t('page-class-removed', { name: nickname }));
    await this.open(code);
  }

  /** Deletes the open class, its sets, students and answers. */
  async deleteClass() {
    const report = this.report;
    if (!report) return;
    const deleted = await this.teacher(`/v1/classes/${encodeURIComponent(report.code)}`, { method: 'DELETE' });
    if (!deleted) return;
    this.report = null;
    this.writeReport();
    this.say(t('page-class-deleted', { text: report.name }));
    await this.mine();
  }

  /** Words again after a change of language. */
  retranslate() {
    this.write();
    if (this.report) this.writeReport();
  }
}
