import { expect, test } from "vitest";
import { flagInvalidUtf8 } from "./encoding";
import { IssueLog } from "./issues";

async function issuesOf(chunks: string[]) {
  const log = new IssueLog();
  const out: string[] = [];
  for await (const c of flagInvalidUtf8(
    (async function* () {
      yield* chunks;
    })(),
    "f.jsonl",
    log,
  ))
    out.push(c);
  expect(out).toEqual(chunks); // passed through unchanged
  return log.issues.map((i) => [i.line, i.field]);
}

test("each line holding U+FFFD is reported once, with its physical line across chunk boundaries", async () => {
  expect(await issuesOf(["a\nb\uFFFD\uFFFD\n", "c\n\uFFFD", "d\ne\n", "f\uFFFD"])).toEqual([
    [2, "(encoding)"],
    [4, "(encoding)"],
    [6, "(encoding)"],
  ]);
  expect(await issuesOf(["clean\ntext\n"])).toEqual([]);
});
