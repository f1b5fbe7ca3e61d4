// Keeping the archive, in the Archive tab: a game shown with its tags to
// correct, deleted or restored, and its history (each revision: when, who,
// what, why, and its text then). A change is made on the revision shown:
// its ETag goes back as If-Match, so a change someone made meanwhile is
// never overwritten (the server answers 412 and the game is shown again).
// The write token is asked once per tab and kept in sessionStorage, never
// in the URL. Every text from the archive is put on the page with
// textContent, never as HTML.

import * as api from './api.js';
import { lang, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Where the token is kept while the tab lives. */
const TOKEN_KEY = 'songo-archive-token';

/** The words of each action of a revision. */
const ACTIONS = {
  import: 'page-history-import',
  edit: 'page-history-edit',
  update: 'page-history-update',
  delete: 'page-history-delete',
  restore: 'page-history-restore',
};

/** The longest reason the server keeps, in characters. */
const MAX_REASON = 500;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** When, in the page's language and the reader's time zone. */
function when(at) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A game's tags in the order its record writes them (the answer's JSON
 * object has an order of its own).
 */
function tagsInOrder(game) {
  const order = [...game.record.matchAll(/^\s*\[(\w+)\s/gm)].map((match) => match[1]);
  const rank = (name) => {
    const at = order.indexOf(name);
    return at < 0 ? order.length : at;
  };
  return Object.entries(game.tags).sort(([a], [b]) => rank(a) - rank(b));
}

export class Keeping {
  /**
   * `hooks.problemText(problem)` says a problem in words;
   * `hooks.changed(game)` is told of a game changed (its summary, tags,
   * `deleted`).
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** The game shown (the StoredGame) and the ETag of its revision. */
    this.game = null;
    this.etag = null;
    this.history = null;
    /** The revisions whose text is shown. */
    this.open = new Set();
    /** Answers that come after a later question are dropped. */
    this.asked = 0;
    /** The message shown: [id, args, bad], written again in another language. */
    this.message = null;
    $('keeping-reason').maxLength = MAX_REASON;
    $('keeping-find').addEventListener('submit', (event) => {
      event.preventDefault();
      const id = $('keeping-id').value.trim();
      if (id) this.show(id);
    });
    $('keeping-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.save();
    });
    $('keeping-delete').addEventListener('click', () => this.deleteOrRestore(false));
    $('keeping-restore').addEventListener('click', () => this.deleteOrRestore(true));
  }

  /** Says something under the form: a message id and its arguments, or a problem's words. */
  say(id, args = {}, bad = false) {
    this.message = id ? [id, args, bad] : null;
    this.writeMessage();
  }

  writeMessage() {
    const box = $('keeping-summary');
    const [id, args, bad] = this.message ?? ['', {}, false];
    box.textContent = !id ? '' : id === 'problem' ? args.text : t(id, args);
    box.classList.toggle('bad', bad);
  }

  /** Says a problem of the server. */
  sayProblem(problem) {
    this.say('problem', { text: this.hooks.problemText(problem) }, true);
  }

  /** Reads the game `id` and shows it with its history. */
  async show(id) {
    const asked = ++this.asked;
    const answer = await api.archivedGame(id);
    if (asked !== this.asked) return;
    if (!answer.ok) {
      this.sayProblem(answer.data);
      return;
    }
    await this.showAnswer(answer);
  }

  /** Shows a game as `GET /v1/games/{id}` answered it, then its history. */
  async showAnswer(answer) {
    const asked = ++this.asked;
    const same = this.game?.id === answer.data.id;
    this.game = answer.data;
    this.etag = answer.etag;
    if (!same) {
      this.open.clear();
      this.message = null;
      $('keeping-reason').value = '';
    }
    $('keeping-id').value = this.game.id;
    this.writeGame();
    this.writeMessage();
    const history = await api.gameHistory(this.game.id);
    if (asked !== this.asked) return;
    this.history = history.ok ? history.data : null;
    this.writeHistory();
  }

  /** The game: who played it, its revision, whether it is deleted, its tags to correct. */
  writeGame() {
    const game = this.game;
    if (!game) return;
    $('keeping-game').hidden = false;
    this.writeHead();
    $('keeping-deleted').hidden = !game.deleted;
    $('keeping-save').hidden = game.deleted;
    $('keeping-delete').hidden = game.deleted;
    $('keeping-restore').hidden = !game.deleted;
    this.writeTags();
  }

  /** Who played the game, and its revision. */
  writeHead() {
    const game = this.game;
    const south = game.tags.South ?? t('page-south');
    const north = game.tags.North ?? t('page-north');
    $('keeping-title').textContent = `${south} – ${north}`;
    $('keeping-state').textContent = t('page-keeping-state', { id: game.id, revision: game.revision });
  }

  /** A field for each tag (its name the label), in the record's order, and one for a new tag. */
  writeTags() {
    const game = this.game;
    const rows = tagsInOrder(game).map(([name, value], i) => {
      const row = document.createElement('tr');
      const head = element('th');
      head.scope = 'row';
      const label = element('label', '', name);
      label.htmlFor = `keeping-tag-${i}`;
      head.append(label);
      const input = element('input');
      input.id = `keeping-tag-${i}`;
      input.dataset.tag = name;
      input.value = value;
      input.autocomplete = 'off';
      input.spellcheck = false;
      input.disabled = game.deleted;
      const cell = element('td');
      cell.append(input);
      row.append(head, cell);
      return row;
    });
    $('keeping-tags').replaceChildren(...rows);
    for (const id of ['keeping-new-name', 'keeping-new-value']) {
      $(id).value = '';
      $(id).disabled = game.deleted;
    }
  }

  /** Each revision, newest first: when, who, what, why, and its text on demand. */
  writeHistory() {
    const list = $('keeping-history');
    const revisions = this.history?.revisions ?? [];
    $('history-heading').hidden = revisions.length === 0;
    list.replaceChildren(...[...revisions].reverse().map((revision) => this.revisionItem(revision)));
  }

  revisionItem(revision) {
    const li = element('li', 'revision');
    const head = element('div', 'revision-head');
    const title = element('strong', '', t('page-history-revision', { revision: revision.revision }));
    const action = element('span', 'action', t(ACTIONS[revision.action] ?? 'page-history-edit'));
    head.append(title, ' · ', action);
    if (revision.revision === this.game?.revision) {
      head.append(' · ', element('span', 'current', t('page-history-current')));
    }
    const time = element('time', '', when(revision.at));
    time.dateTime = revision.at;
    const meta = element('div', 'meta');
    meta.append(time, ' · ', t('page-history-by', { name: revision.by }));
    const reason = revision.reason
      ? element('p', 'reason', revision.reason)
      : element('p', 'reason none', t('page-history-no-reason'));
    const text = element('pre', 'revision-text', revision.record);
    text.id = `revision-text-${revision.revision}`;
    const shown = this.open.has(revision.revision);
    text.hidden = !shown;
    const toggle = element('button', 'show-text', t(shown ? 'page-history-hide' : 'page-history-show'));
    toggle.type = 'button';
    toggle.setAttribute('aria-expanded', String(shown));
    toggle.setAttribute('aria-controls', text.id);
    toggle.setAttribute('aria-label', t(shown ? 'page-history-hide-label' : 'page-history-show-label', { revision: revision.revision }));
    toggle.addEventListener('click', () => {
      if (this.open.has(revision.revision)) this.open.delete(revision.revision);
      else this.open.add(revision.revision);
      li.replaceWith(this.revisionItem(revision));
      $(`revision-text-${revision.revision}`)?.closest('li')?.querySelector('button.show-text')?.focus();
    });
    li.append(head, meta, reason, toggle, text);
    return li;
  }

  /** The tags changed in the form, by name (an empty value removes one). */
  changedTags() {
    const tags = {};
    for (const input of $('keeping-tags').querySelectorAll('input[data-tag]')) {
      const value = input.value.trim();
      if (value !== (this.game.tags[input.dataset.tag] ?? '')) tags[input.dataset.tag] = value;
    }
    const name = $('keeping-new-name').value.trim();
    const value = $('keeping-new-value').value.trim();
    if (name && value) tags[name] = value;
    return tags;
  }

  /** The write token: the one kept for this tab, else the one typed (then kept), else asked for. */
  token() {
    const kept = sessionStorage.getItem(TOKEN_KEY);
    if (kept) return kept;
    const typed = $('keeping-token').value.trim();
    if (typed) {
      sessionStorage.setItem(TOKEN_KEY, typed);
      $('keeping-token').value = '';
      $('keeping-token-box').hidden = true;
      return typed;
    }
    $('keeping-token-box').hidden = false;
    $('keeping-token').focus();
    this.say('page-keeping-token-needed', {}, true);
    return null;
  }

  /** The tags corrected, with the reason given. */
  async save() {
    if (!this.game) return;
    const tags = this.changedTags();
    if (Object.keys(tags).length === 0) {
      this.say('page-keeping-unchanged', {}, true);
      return;
    }
    const reason = $('keeping-reason').value.trim();
    if (!reason) {
      this.say('page-keeping-reason-needed', {}, true);
      $('keeping-reason').focus();
      return;
    }
    const token = this.token();
    if (!token) return;
    const answer = await api.editGame(this.game.id, { tags, reason }, { token, etag: this.etag });
    await this.after(answer, 'page-keeping-saved');
  }

  /** The game deleted, or restored, with the reason given (if any). */
  async deleteOrRestore(restore) {
    if (!this.game) return;
    const token = this.token();
    if (!token) return;
    const reason = $('keeping-reason').value.trim();
    const answer = await api.deleteOrRestoreGame(this.game.id, restore, reason, { token, etag: this.etag });
    await this.after(answer, restore ? 'page-keeping-restored' : 'page-keeping-deleted');
  }

  /** After a change: the game shown again as it is now, and why. */
  async after(answer, done) {
    if (answer.status === 401) {
      sessionStorage.removeItem(TOKEN_KEY);
      $('keeping-token-box').hidden = false;
      $('keeping-token').focus();
      this.say('page-keeping-token-wrong', {}, true);
      return;
    }
    if (answer.status === 412) {
      // Someone changed the game meanwhile: shown as it is now, the
      // keeper's change to make again on it.
      await this.show(this.game.id);
      this.say('page-keeping-stale', { revision: answer.data?.current_revision ?? '?' }, true);
      return;
    }
    if (!answer.ok) {
      this.sayProblem(answer.data);
      return;
    }
    $('keeping-reason').value = '';
    this.say(done, { revision: answer.data.revision });
    await this.show(this.game.id);
    this.hooks.changed(this.game);
  }

  /** Words again after a change of language (what is typed in the fields stays). */
  retranslate() {
    if (!this.game) return;
    this.writeHead();
    this.writeHistory();
    this.writeMessage();
  }
}
