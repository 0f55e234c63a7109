import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// The shared schemas are written with zod's tree-shakable mini build (`import * as z from
// 'zod/mini'`, never re-exported as a value, so bundlers keep only the checks used): the classic
// build is about 800 KB that the Worker would parse at every start-up and a form page would
// download. Every schema module imports this file first, so it runs before any schema is built.
//
// zod 4 probes for eval support with `new Function('')` when it builds object schemas. The site's
// CSP forbids eval, so in the browser that probe is a CSP violation on every form page. Turning
// the JIT off (it must happen before any schema is built) keeps the CSP clean everywhere; Workers
// never allowed the JIT anyway. The English messages are the ones the classic build installs by
// itself, so a check without its own message reads as it did.
config({ jitless: true, ...en() });

/**
 * A schema built the first time it is used (a property read: safeParse, shape, _zod…), not when
 * its module loads. The Worker imports every shared schema, and building them all at start-up
 * was most of its start-up time; most isolates only ever use a few of them. The proxy forwards
 * everything to the one built schema, so it can be parsed with, nested in other schemas, picked
 * or extended like the schema itself.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = schema();
      const value: unknown = Reflect.get(target, key, target);
      // Methods (safeParse, check, clone…) run on the schema itself, never on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property as non-configurable when its own target lacks it.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
