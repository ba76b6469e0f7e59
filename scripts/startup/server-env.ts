/**
 * The environment `next start` runs with (scripts/start.ts): the caller's, plus what the server
 * process needs, plus one memory setting of the C library's allocator unless the caller set it.
 *
 * glibc's malloc gives threads that allocate at once arenas of their own (up to 8 per core) and
 * seldom hands their freed pages back to the system. The web server runs beside its report,
 * interval and import threads and libuv's pool, so a full review's reports and packages left
 * ~100 MB of freed native memory resident (a walk of the notes audit at 4,745 × 3 peaked at
 * 710 MB, 609 MB with two arenas; bench/README.md). Their cost in speed was not measured apart
 * (the threads' heaps are V8's, not malloc's). `MALLOC_ARENA_MAX` set by the caller wins.
 */
export function serverEnv<E extends Record<string, string | undefined>>(base: E, own: Record<string, string>) {
  return { MALLOC_ARENA_MAX: "2", ...base, ...own };
}
