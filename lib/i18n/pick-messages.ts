type Messages = { [key: string]: string | Messages };

/**
 * The part of a language's messages a screen's client components use, for `NextIntlClientProvider`
 * (whatever it is given is written into every page's HTML). Each path names a namespace
 * (`'orders'`), one message or group (`'errors.network'`), or the messages starting with a prefix
 * (`'payments.kind_*'`). A path that names nothing is an error: a renamed message must not leave a
 * client component without its words.
 */
export function pickMessages(messages: Messages, paths: readonly string[]): Messages {
  const picked: Messages = {};
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let source: Messages | string | undefined = messages;
    let target = picked;
    for (const key of keys) {
      source = typeof source === 'object' ? source[key] : undefined;
      if (typeof source !== 'object') throw new Error(`No messages at "${path}"`);
      target = (target[key] ??= {}) as Messages;
    }
    if (typeof source !== 'object') throw new Error(`No messages at "${path}"`);
    const names = last.endsWith('*') ? Object.keys(source).filter((name) => name.startsWith(last.slice(0, -1))) : [last];
    if (names.length === 0 || names.some((name) => source[name] === undefined)) throw new Error(`No messages at "${path}"`);
    for (const name of names) target[name] = source[name];
  }
  return picked;
}
