import type { z } from 'zod';

/**
 * A schema built the first time it is used rather than when its module loads
 * (docs/architecture.md#schemas-on-first-use). Building every contract schema was about a third
 * of the browser's start-up script on a phone, for a page that checks none of them before its
 * first call.
 *
 * The value returned is the schema itself, not a copy or a wrapper: on first use `build()` makes
 * a blueprint, and this object is then made a schema of the same definition by the blueprint's
 * own zod constructor (as zod's `clone` makes one), so zod's internals know it by this identity.
 * Until then it is an empty object behind a proxy whose every trap first builds it.
 */
export function lazySchema<T extends z.core.$ZodType>(build: () => T): T {
  const target = {} as T;
  let built = false;
  const ensureBuilt = () => {
    if (built) return;
    built = true;
    const { constr, def } = build()._zod;
    Object.setPrototypeOf(target, constr.prototype);
    // zod's constructor, with the stand-in as `this`: it initialises what it is given.
    (constr as unknown as (this: T, def: unknown) => T).call(schema, def);
  };
  const schema: T = new Proxy(target, {
    get: (t, key, receiver) => (ensureBuilt(), Reflect.get(t, key, receiver)),
    set: (t, key, value, receiver) => (ensureBuilt(), Reflect.set(t, key, value, receiver)),
    has: (t, key) => (ensureBuilt(), Reflect.has(t, key)),
    ownKeys: (t) => (ensureBuilt(), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, key) => (ensureBuilt(), Reflect.getOwnPropertyDescriptor(t, key)),
    defineProperty: (t, key, descriptor) => (
      ensureBuilt(),
      Reflect.defineProperty(t, key, descriptor)
    ),
    getPrototypeOf: (t) => (ensureBuilt(), Reflect.getPrototypeOf(t)),
  });
  return schema;
}
