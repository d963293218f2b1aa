/**
 * Page-wide state shared by every copy of this package that a page loads. The ES modules of a React host and the
 * drop-in bundle of a legacy fragment can meet on one page; separate counters are how overlay kits end up fighting
 * (two Element Plus copies keep two z-index counters, element-plus#18042). Keys are `Symbol.for`, so every copy
 * finds the same object.
 */
export function pageSingleton<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`edu-portal.elements.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[key];
  if (!value) {
    value = create();
    store[key] = value;
  }
  return value;
}
