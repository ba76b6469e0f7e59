// State that must be one per server process. Next bundles a module into each of several chunks
// (pages, route handlers, server actions, instrumentation), and every chunk runs its own copy of
// the module: a module-level `let` or `new Map()` is then one per chunk, not one per process. A
// cache kept that way is filled once per chunk; a worker kept that way is started once per chunk.

/**
 * The process's one value under `name`, made by `create` on first use by any copy of the caller's
 * module. `name` is the key in a process-global registry: give each use its own.
 */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`clinaudit.${name}`);
  const g = globalThis as unknown as Record<symbol, T | undefined>;
  if (!(key in g)) g[key] = create();
  return g[key] as T;
}
