import { expect, test } from "vitest";
import { chunked } from "./__fixtures__/helpers";
import { readJsonl, readLines } from "./jsonl";

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

test("readLines keeps physical line numbers across chunk boundaries and CRLF", async () => {
  const text = "first\r\nsecond line\n\nlast";
  for (const size of [1, 2, 5, 100]) {
    expect(await collect(readLines(chunked(text, size)))).toEqual([
      { text: "first", line: 1 },
      { text: "second line", line: 2 },
      { text: "", line: 3 },
      { text: "last", line: 4 },
    ]);
  }
});

test("readJsonl skips blank lines, counts records, and reports bad lines without stopping", async () => {
  const text = '{"a":1}\n\n{"a":\n{"a":3}\n';
  const entries = await collect(readJsonl(chunked(text, 3)));
  expect(entries[0]).toEqual({ ok: true, value: { a: 1 }, line: 1, record: 1 });
  expect(entries[1]).toMatchObject({ ok: false, line: 3, record: 2 });
  expect(entries[2]).toEqual({ ok: true, value: { a: 3 }, line: 4, record: 3 });
});
