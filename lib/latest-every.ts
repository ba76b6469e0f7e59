/**
 * Per key, calls `send(key)` at once, or, when the key went out less than `ms` ago, once `ms`
 * have passed since: the latest state of a key always goes out, never more often than every `ms`.
 * `send` returns false when nothing is left to tell of the key, which is then forgotten (the map
 * stays as small as what is still told). `now`: the clock (tests).
 */
export function latestEvery<K>(ms: number, send: (key: K) => boolean, now: () => number = () => performance.now()): (key: K) => void {
  const sent = new Map<K, { at: number; timer?: ReturnType<typeof setTimeout> }>();
  const go = (key: K) => {
    if (send(key)) sent.set(key, { at: now() });
    else sent.delete(key);
  };
  return (key) => {
    const last = sent.get(key);
    if (last?.timer) return; // the state at the timer's time is sent then
    const wait = last ? last.at + ms - now() : 0;
    if (wait <= 0) go(key);
    else sent.set(key, { at: last!.at, timer: setTimeout(() => go(key), wait) });
  };
}
