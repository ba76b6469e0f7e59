import { describe, expect, it } from "vitest";
import { Kept, KeptFiles } from "./kept";

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
    expect(await kept.latest("a")).toBe("one");
    finish("two");
    await two;
    expect(kept.ready("a", "2")).toBe(true);
    expect(await kept.latest("a")).toBe("two");
  });
});
