// Text a visitor typed (a name, an email, an order number, a file name), shown back inside the
// site's own sentences. Its direction comes from its own first strong character (dir="auto"):
// an Arabic or Hebrew name reads right to left inside a left-to-right sentence, an address stays
// left to right, and neither can reorder the words around it (<bdi> isolates it).
import type { ReactNode } from 'react';
import type { Translate } from '../../src/i18n/translator';

export function UserText({ children }: { children: string }) {
  return <bdi dir="auto">{children}</bdi>;
}

/** U+2063 INVISIBLE SEPARATOR: marks where a value goes; no message contains it. */
const MARK = '\u2063';

/**
 * `t(key, { ...params, ...user })`, with each value of `user` in its own UserText where its
 * placeholder sits in the message.
 */
export function tWithUserText(t: Translate, key: string, user: Record<string, string>, params: Record<string, string | number> = {}): ReactNode[] {
  const names = Object.keys(user);
  const marked = t(key, { ...params, ...Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])) });
  return marked.split(MARK).map((part, i) => (i % 2 === 1 ? <UserText key={i}>{user[names[Number(part)]!] ?? ''}</UserText> : part));
}
