/**
 * `promise`'s value if it settles within `ms`, else "later" (the promise runs on; a caller that
 * drops it should catch its failure). The timer never outlives the answer.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | "later"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<"later">((resolve) => (timer = setTimeout(() => resolve("later"), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
