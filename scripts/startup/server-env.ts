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

/** The V8 heap settings `npm start` passes to `next start` (lib/env.ts: CLINAUDIT_HEAP_GROWTH_PERCENT, CLINAUDIT_SEMI_SPACE_MB). */
export interface HeapSettings {
  heapGrowthPercent: number;
  semiSpaceMb: number;
}

/**
 * The Node.js options `next start` runs with (scripts/start.ts). Both are process-wide: the
 * report, interval and import threads' heaps follow them. 0 leaves either to V8.
 *
 * - How far V8 lets its heaps grow past what survived the last full collection before it collects
 *   again. V8's own factor rises to 4 on a machine with memory to spare, so the web process of a
 *   full review, whose live heap is 120–180 MB, let 330–360 MB of garbage (each replaced report,
 *   each rendered page) stay resident before collecting. The review-full family's peak (SQLite):
 *   1,006–1,201 MB with V8's own, 864–884 MB at 50 %, 772–812 MB at 25 %, with no page slower
 *   beyond the runs' noise (bench/README.md, 2026-12-05 18:50–21:05).
 * - The young generation's semi-space (MB). V8's own on a 64-bit machine is 16 MB, so each of the
 *   server's isolates (the web process and up to three threads) kept a 34 MB new space, mostly
 *   empty between scavenges. The review-full family's peak (SQLite): 775 and 778 MB with V8's own,
 *   719 and 744 MB at 8 MB, 658 and 673 MB at 4 MB; the pages were not slower at 4 MB (bench/README.md,
 *   2026-12-05 22:10–).
 */
export function serverNodeArgs({ heapGrowthPercent, semiSpaceMb }: HeapSettings): string[] {
  return [
    ...(heapGrowthPercent > 0 ? [`--heap-growing-percent=${heapGrowthPercent}`] : []),
    ...(semiSpaceMb > 0 ? [`--max-semi-space-size=${semiSpaceMb}`] : []),
  ];
}
