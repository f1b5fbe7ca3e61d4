// The page's words, from the server's Fluent catalogues (GET /v1/messages):
// a message is a text with {name} placeholders, or one text per plural
// category of its {count}, chosen here with Intl.PluralRules.

import { messages as fetchMessages } from './api.js';

let current = { lang: 'en', messages: {}, languages: [] };

/** The language shown. */
export function lang() {
  return current.lang;
}

/** The languages the server speaks: [[code, name], …]. */
export function languages() {
  return current.languages;
}

/**
 * Loads the words of `code`; resolves to the language the server chose. A
 * language the server does not speak (`#lang=de`) falls back to English:
 * without words the page would show its message ids.
 */
export async function load(code) {
  let answer = await fetchMessages(code);
  if (!answer.ok && code !== 'en') answer = await fetchMessages('en');
  if (answer.ok) current = answer.data;
  return current.lang;
}

/** Message `id` with its arguments (`count` chooses the plural form). */
export function t(id, args = {}) {
  let message = current.messages[id];
  if (message === undefined) return id;
  if (typeof message === 'object') {
    const category = new Intl.PluralRules(current.lang).select(Number(args.count ?? 0));
    message = message[category] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/**
 * Puts the words of the current language into the page's marked elements
 * (the page's `lang` is set by its caller once every part is translated).
 */
export function translate(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll('[data-i18n-label]')) {
    element.setAttribute('aria-label', t(element.dataset.i18nLabel));
  }
}
