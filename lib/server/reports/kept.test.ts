import { describe, expect, it } from "vitest";
import { Kept, KeptFiles, OneAtATime } from "./kept";

const file = (chars: number) => "x".repeat(chars);

describe("KeptFiles", () => {
  it("keeps per key and version, recomputes on a new version", async () => {
    let computed = 0;
    const kept = new KeptFiles<string>(100, (s) => s.length);
    const get = (key: string, version: string) => kept.get(key, version, async () => (computed++, file(10)));
    const a = await get("a", "1");
    expect(await get("a", "1")).toBe(a);
    expect(computed).toBe(1);
    await get("a", "2");
    expect(computed).toBe(2);
    expect(kept.keptBytes()).toBe(10);
  });

  it("drops the least recently asked for to stay within its budget, and keeps nothing larger than it", async () => {
    const computed: string[] = [];
    const kept = new KeptFiles<string>(25, (s) => s.length);
    const get = (key: string, chars = 10) => kept.get(key, "v", async () => (computed.push(key), file(chars)));
    await get("a");
    await get("b");
    await get("a"); // a is now the most recent
    await get("c"); // 30 > 25: b goes
    expect(kept.keptBytes()).toBe(20);
    await get("a");
    await get("b");
    expect(computed).toEqual(["a", "b", "c", "b"]);
    await get("huge", 26);
    await get("huge", 26);
    expect(computed.filter((k) => k === "huge")).toHaveLength(2);
    expect(kept.keptBytes()).toBeLessThanOrEqual(25);
  });

  it("shares one computation between callers and keeps no failure", async () => {
    let computed = 0;
    const kept = new KeptFiles<string>(100, (s) => s.length);
    let fail = true;
    const get = () =>
      kept.get("a", "v", async () => {
        computed++;
        if (fail) throw new Error("disk");
        return file(5);
      });
    const [x, y] = await Promise.allSettled([get(), get()]);
    expect(x.status).toBe("rejected");
    expect(y.status).toBe("rejected");
    expect(computed).toBe(1);
    fail = false;
    expect(await get()).toBe(file(5));
    expect(computed).toBe(2);
    expect(kept.keptBytes()).toBe(5);
  });
  it("tells of every value it stops keeping: replaced, evicted, too large, forgotten, replaced while computed", async () => {
    const dropped: string[] = [];
    const kept = new KeptFiles<string>(
      25,
      (s) => s.length,
      (s) => dropped.push(s),
    );
    const get = (key: string, version: string, chars = 10) => kept.get(key, version, async () => `${key}${version}`.padEnd(chars, "."));
    await get("a", "1");
    await get("a", "2"); // replaces a1
    await get("b", "1");
    await get("c", "1"); // 30 > 25: a2 goes
    await get("huge", "1", 26);
    kept.forget("b");
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    let release!: () => void;
    const slow = kept.get("d", "1", () => new Promise<string>((resolve) => (release = () => resolve("d1"))));
    await get("d", "2"); // d1 still computing: told when it settles
    release();
    await slow;
    await settle();
    const trim = (s: string) => s.replace(/\.+$/, "");
    expect(dropped.map(trim).sort()).toEqual(["a1", "a2", "b1", "d1", "huge1"]);
    expect(kept.keptBytes()).toBe(20);
    const failing = new KeptFiles<string>(
      25,
      (s) => s.length,
      (s) => dropped.push(s),
    );
    await failing.get("x", "1", async () => Promise.reject(new Error("no"))).catch(() => undefined);
    await settle();
    expect(dropped).toHaveLength(5);
  });
});

describe("Kept", () => {
  it("answers the value computed last while a newer version is computed", async () => {
    const kept = new Kept<string>();
    expect(kept.latest("a")).toBeUndefined();
    await kept.get("a", "1", async () => "one");
    expect(await kept.latest("a")).toBe("one");
    let finish: (v: string) => void = () => {};
    const two = kept.get("a", "2", () => new Promise<string>((resolve) => (finish = resolve)));
    expect(kept.ready("a", "2")).toBe(false);
    expect(kept.has("a", "2")).toBe(true);
    expect(kept.has("a", "1")).toBe(false);
    expect(kept.has("a", "3")).toBe(false);
    expect(await kept.latest("a")).toBe("one");
    finish("two");
    await two;
    expect(kept.ready("a", "2")).toBe(true);
    expect(await kept.latest("a")).toBe("two");
  });

  it("lets go of the value a running computation replaces, when told", async () => {
    const kept = new Kept<string>();
    await kept.get("a", "1", async () => "one");
    await kept.get("b", "1", async () => "bee");
    let finish: (v: string) => void = () => {};
    const two = kept.get("a", "2", () => new Promise<string>((resolve) => (finish = resolve)));
    kept.forgetPrevious("a");
    expect(kept.latest("a")).toBeUndefined();
    // Other keys keep theirs.
    expect(await kept.latest("b")).toBe("bee");
    finish("two");
    await two;
    expect(await kept.latest("a")).toBe("two");
  });

  it("lets go of the key computed longest ago, never the last one nor one being computed", async () => {
    const kept = new Kept<string>();
    await kept.get("a", "1", async () => "one");
    await kept.get("b", "1", async () => "bee");
    // Computed again: "a" is now the newest.
    await kept.get("a", "2", async () => "two");
    expect(kept.dropOldest()).toBe("b");
    expect(kept.latest("b")).toBeUndefined();
    expect(kept.ready("a", "2")).toBe(true);
    // The only key left stays.
    expect(kept.dropOldest()).toBeUndefined();
    expect(await kept.latest("a")).toBe("two");
    // The oldest still being computed stays too.
    let finish: (v: string) => void = () => {};
    const c = kept.get("c", "1", () => new Promise<string>((resolve) => (finish = resolve)));
    await kept.get("d", "1", async () => "dee");
    await kept.get("a", "3", async () => "three");
    expect(kept.dropOldest()).toBeUndefined();
    finish("cee");
    await c;
    expect(kept.dropOldest()).toBe("c");
    kept.forget("d");
    expect(kept.latest("d")).toBeUndefined();
    expect(await kept.get("d", "1", async () => "computed again")).toBe("computed again");
  });
});

describe("OneAtATime", () => {
  /** A computation the test settles. */
  function held<T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it("makes the one running and the newest asked for meanwhile, and answers the versions between with the newest", async () => {
    const kept = new Kept<string>();
    const turns = new OneAtATime(kept);
    const made: string[] = [];
    const holds = new Map<string, ReturnType<typeof held<string>>>();
    const ask = (version: string) =>
      kept.get("a", version, () =>
        turns.run("a", version, () => {
          made.push(version);
          const h = held<string>();
          holds.set(version, h);
          return h.promise;
        }),
      );
    const one = ask("1");
    const two = ask("2");
    const three = ask("3");
    await settle();
    // Never two at once: the others wait for the first.
    expect(made).toEqual(["1"]);
    holds.get("1")!.resolve("one");
    expect(await one).toBe("one");
    await settle();
    // "2" is not made: "3" was asked for after it.
    expect(made).toEqual(["1", "3"]);
    holds.get("3")!.resolve("three");
    expect(await two).toBe("three");
    expect(await three).toBe("three");
    expect(kept.ready("a", "3")).toBe(true);
    // Nothing running: the next is made at once.
    const four = ask("4");
    await settle();
    expect(made).toEqual(["1", "3", "4"]);
    holds.get("4")!.resolve("four");
    expect(await four).toBe("four");
  });

  it("goes on after a failure, and keeps keys apart", async () => {
    const kept = new Kept<string>();
    const turns = new OneAtATime(kept);
    const first = held<string>();
    const failing = kept.get("a", "1", () => turns.run("a", "1", () => first.promise));
    const next = kept.get("a", "2", () => turns.run("a", "2", async () => "two"));
    // Another key does not wait.
    expect(await kept.get("b", "1", () => turns.run("b", "1", async () => "b-one"))).toBe("b-one");
    first.reject(new Error("the thread stopped"));
    await expect(failing).rejects.toThrow("the thread stopped");
    expect(await next).toBe("two");
  });
});

describe("Kept with keepReplaced", () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it("answers a value replaced while it was computed once it settles, under versions that keep coming", async () => {
    for (const keepReplaced of [false, true]) {
      const kept = new Kept<string>(undefined, { keepReplaced });
      const turns = new OneAtATime(kept);
      const holds = new Map<string, (v: string) => void>();
      const ask = (version: string) =>
        kept.get("a", version, () => turns.run("a", version, () => new Promise<string>((resolve) => holds.set(version, resolve))));
      const zero = ask("0");
      await tick();
      holds.get("0")!("zero");
      await zero;
      // Each version is asked for while the one before is computed (ratings saved faster than a report takes).
      const one = ask("1");
      await tick();
      const two = ask("2");
      await tick();
      holds.get("1")!("one");
      await one;
      await tick();
      const three = ask("3");
      await tick();
      holds.get("2")!("two");
      await two;
      await tick();
      // Without it: the value from before the first of them, for as long as versions keep coming.
      expect(await kept.latest("a")).toBe(keepReplaced ? "two" : "zero");
      holds.get("3")!("three");
      expect(await three).toBe("three");
      expect(await kept.latest("a")).toBe("three");
    }
  });

  it("does not bring back a key forgotten while its value was computed", async () => {
    const kept = new Kept<string>(undefined, { keepReplaced: true });
    let finish: (v: string) => void = () => {};
    const one = kept.get("a", "1", () => new Promise<string>((resolve) => (finish = resolve)));
    kept.forget("a");
    finish("one");
    await one;
    expect(kept.latest("a")).toBeUndefined();
  });
});
