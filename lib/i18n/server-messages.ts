import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import type { Locale } from './localized';

const messages = { zh, en } as const;
/** A top-level group of messages/*.json (a feature's words). */
type Namespace = keyof typeof zh;
type Translate = (key: string, values?: Record<string, string | number>) => string;
const cache = new Map<string, Translate>();

/**
 * A translator for server code outside a rendered page (route handlers, mail), built once per
 * locale and namespace: the API answers every error with one, so it must be cheap.
 */
export function serverTranslator(locale: Locale, namespace: Namespace) {
  const key = `${locale}:${namespace}`;
  let translator = cache.get(key);
  if (!translator) {
    translator = createTranslator({ locale, messages: messages[locale], namespace }) as unknown as Translate;
    cache.set(key, translator);
  }
  return translator;
}

export function hasMessage(locale: Locale, namespace: Namespace, key: string): boolean {
  let node: unknown = messages[locale][namespace];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
