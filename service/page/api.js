// The HTTP API, as the page calls it: every answer is JSON, every error a
// problem (RFC 9457) that the page shows with its rule, line and column.

let language = 'en';

/** The language the API's own texts (errors, explanations) are asked in. */
export function setApiLanguage(lang) {
  language = lang;
}

/**
 * Calls the API. `body` is sent as JSON unless `type` says otherwise;
 * `extra` adds headers. Resolves to `{ok, status, data, etag}`: `data` is
 * the answer, or the problem; `etag` the answer's `ETag`, if any.
 */
export async function call(path, { method = 'POST', body, type = 'application/json', accept = 'application/json', extra = {} } = {}) {
  const headers = { ...extra, Accept: accept, 'Accept-Language': language };
  const init = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = type;
    init.body = type === 'application/json' && typeof body !== 'string' ? JSON.stringify(body) : body;
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    return { ok: false, status: 0, data: { title: 'network', detail: String(error) } };
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text };
  }
  return { ok: response.ok, status: response.status, data, etag: response.headers.get('ETag') };
}

/** Reads a position in any form (JSON object or text); with the server's SVG (with hooks). */
export function readPosition(position, { render = 'svg', hooks = true, rules } = {}) {
  const query = new URLSearchParams();
  if (render) query.set('render', render);
  if (render === 'svg' && hooks) query.set('hooks', 'true');
  if (rules) query.set('rules', rules);
  const type = typeof position === 'string' ? 'text/plain' : 'application/json';
  return call(`/v1/positions?${query}`, { body: position, type });
}

/** Plays moves on a position: the PlayReport. */
export function play(position, moves, render) {
  const query = render ? `?render=${encodeURIComponent(render)}` : '';
  return call(`/v1/play${query}`, { body: { position, moves } });
}

/** The legal and illegal moves of a position: the MovesReport. */
export function moves(position) {
  return call('/v1/moves', { body: { position } });
}

/** Validates records (text): the ValidationReport. */
export function validate(text) {
  return call('/v1/validate', { body: text, type: 'text/plain' });
}

/** Converts records (text) to JSON records. */
export function recordsAsJson(text) {
  return call('/v1/convert?to=json', { body: text, type: 'text/plain' });
}

/**
 * The teaching vocabulary of a position: the ExplainReport, only the
 * `terms` asked for (teach.* ids), with the server's picture of it
 * (arrows, rings; with the board's hooks).
 */
export function explain(position, terms) {
  const query = new URLSearchParams({ render: 'svg', hooks: 'true', terms: terms.join(',') });
  return call(`/v1/explain?${query}`, { body: { position } });
}

/**
 * Records (text) written back with the teaching vocabulary as comments;
 * with `engine`, each move judged by the analysis too.
 */
export function annotate(text, { engine = false, depth, movetimeMs } = {}) {
  const query = queryOf({ engine: engine ? 'true' : '', depth: engine ? depth : '', movetime_ms: engine ? movetimeMs : '' });
  return call(`/v1/annotate${query ? `?${query}` : ''}`, { body: text, type: 'text/plain' });
}

/** One server-sent event's name and its data as JSON (null for a comment or a keep-alive). */
function sseEvent(block) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (!data.length) return null;
  try {
    return { name, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}

/**
 * Records annotated with the engine, each ply's judgement told as soon as
 * it is decided (POST /v1/annotate?engine=true&progress=true, server-sent
 * events): `onPly(judgement)` for each, then resolves as `annotate` does
 * (`data` the whole answer, or the problem). Aborting `signal` closes the
 * stream, which stops the server's work: `{ok: false, aborted: true}`.
 */
export async function annotateWithProgress(text, { depth, movetimeMs, signal, onPly } = {}) {
  const query = queryOf({ engine: 'true', progress: 'true', depth, movetime_ms: movetimeMs });
  const headers = { Accept: 'text/event-stream', 'Accept-Language': language, 'Content-Type': 'text/plain' };
  const stopped = (error) => ({ ok: false, status: 0, aborted: Boolean(signal?.aborted), data: { title: 'network', detail: String(error) } });
  let response;
  try {
    response = await fetch(`/v1/annotate?${query}`, { method: 'POST', headers, body: text, signal });
  } catch (error) {
    return stopped(error);
  }
  if (!response.ok || !response.body) {
    const body = await response.text().catch(() => '');
    let data;
    try {
      data = JSON.parse(body);
    } catch {
      data = { detail: body };
    }
    return { ok: false, status: response.status, data };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = sseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event?.name === 'ply') onPly?.(event.data);
        else if (event?.name === 'record') return { ok: true, status: 200, data: event.data };
        else if (event?.name === 'problem') return { ok: false, status: event.data.status ?? 500, data: event.data };
      }
    }
  } catch (error) {
    return stopped(error);
  }
  return stopped('the stream ended before the record');
}

/** The move the engine's player of `level` (1 to 8) chooses: `{move, …}`. */
export function chooseMove(position, level, seed = 0) {
  return call(`/v1/move?${queryOf({ level, seed })}`, { body: { position } });
}

/** The best move of a position and its value: the AnalysisReport. */
export function analyse(position, movetimeMs = 1000) {
  return call('/v1/analyse', { body: { position, movetime_ms: movetimeMs } });
}

/** Checks a lesson (text): the LessonReport, its problems at their lines. */
export function checkLesson(lesson) {
  return call('/v1/lessons/check', { body: lesson, type: 'text/plain' });
}

/** A lesson (Markdown) as a handout: one standalone HTML page. */
export async function handout(lesson) {
  const headers = { Accept: 'text/html', 'Accept-Language': language, 'Content-Type': 'text/plain' };
  try {
    const response = await fetch('/v1/lessons/render', { method: 'POST', headers, body: lesson });
    const text = await response.text();
    if (response.ok) return { ok: true, status: response.status, data: text };
    let data;
    try { data = JSON.parse(text); } catch { data = { detail: text }; }
    return { ok: false, status: response.status, data };
  } catch (error) {
    return { ok: false, status: 0, data: { title: 'network', detail: String(error) } };
  }
}

/**
 * A lesson (text) as Markdown and its boards: `{markdown, images, report}`;
 * `notes` is `teacher` (the check's notes under their boards) or `none`.
 */
export function lessonMarkdown(lesson, notes = 'none') {
  return call(`/v1/lessons/render?${queryOf({ to: 'markdown', notes })}`, { body: lesson, type: 'text/plain' });
}

/** The page's words in a language. */
export function messages(lang) {
  return call(`/v1/messages?lang=${encodeURIComponent(lang)}`, { method: 'GET' });
}

// ---- The archive (reads are public; changes need the server's token) ----

/** A query string of the filters given (empty ones left out). */
function queryOf(filters) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return query.toString();
}

/** A page of the archive's games that match `filters`: the GameList. */
export function searchGames(filters) {
  return call(`/v1/games?${queryOf(filters)}`, { method: 'GET' });
}

/** One game of the archive, with its record. */
export function archivedGame(id) {
  return call(`/v1/games/${encodeURIComponent(id)}`, { method: 'GET' });
}

/** Every revision of a game of the archive, oldest first: the History. */
export function gameHistory(id) {
  return call(`/v1/games/${encodeURIComponent(id)}/history`, { method: 'GET' });
}

/**
 * The headers of a change: the keeper's token, and the ETag of the
 * revision the change is made on (`If-Match`).
 */
function keeperHeaders({ token, etag }) {
  return { Authorization: `Bearer ${token}`, 'If-Match': etag };
}

/** Records (text) imported into the archive with the keeper's token: the ArchiveImportReport. */
export function importGames(text, token) {
  return call('/v1/games', { body: text, type: 'text/plain', extra: { Authorization: `Bearer ${token}` } });
}

/** A game's tags corrected: `change` is `{tags, reason}`. */
export function editGame(id, change, keeper) {
  return call(`/v1/games/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, extra: keeperHeaders(keeper) });
}

/** A game deleted (`restore` false) or restored, with a reason if given. */
export function deleteOrRestoreGame(id, restore, reason, keeper) {
  const path = `/v1/games/${encodeURIComponent(id)}${restore ? '/restore' : ''}`;
  return call(path, {
    method: restore ? 'POST' : 'DELETE',
    body: reason ? { reason } : undefined,
    extra: keeperHeaders(keeper),
  });
}

/** The moves played from a position (compact notation) in the archive's games. */
export function explore(position, recent = 5) {
  return call(`/v1/explorer?${queryOf({ position, recent })}`, { method: 'GET' });
}

/** An event's crosstable: the Standings. */
export function standings(event) {
  return call(`/v1/standings?${queryOf({ event })}`, { method: 'GET' });
}

// ---- Exercises (docs/exercises.md) ---------------------------------------

/** The exercises found in records (text): `{exercises, summary, …}`. */
export function findExercises(text, filters = {}) {
  const query = queryOf(filters);
  return call(`/v1/exercises${query ? `?${query}` : ''}`, { body: text, type: 'text/plain' });
}

/** The exercises found in the archive's games. */
export function archiveExercises(filters = {}) {
  const query = queryOf(filters);
  return call(`/v1/exercises${query ? `?${query}` : ''}`, { method: 'GET' });
}
