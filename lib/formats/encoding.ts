// Files reach lib/formats as decoded text, and a UTF-8 decoder turns every invalid byte
// sequence into U+FFFD (the replacement character) without complaint: a benchmark saved in
// Latin-1 or GB18030 would import with its accents or CJK text silently replaced. Benchmark
// text has no use for U+FFFD itself, so its presence is reported as an encoding problem.
import { type IssueLog, located } from "./issues";
import { utf16Cause } from "./table-header";

const REPLACEMENT = "\uFFFD";

function newlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let k = text.indexOf("\n", from); k !== -1 && k < to; k = text.indexOf("\n", k + 1)) n++;
  return n;
}

/** Passes the chunks through, logging each physical line that holds a U+FFFD (or once, a UTF-16 file). */
export async function* flagInvalidUtf8(chunks: AsyncIterable<string>, file: string, log: IssueLog): AsyncGenerator<string> {
  let line = 1;
  let reported = 0;
  let first = true;
  let utf16 = false;
  for await (const chunk of chunks) {
    if (first) {
      first = false;
      // UTF-16 read as UTF-8 is U+FFFD and NULs throughout: one issue naming the cause, not one per line.
      const cause = utf16Cause(chunk);
      if (cause) log.add(located({ file, line: 1, field: "(encoding)" }, cause));
      utf16 = cause !== null;
    }
    if (utf16) {
      yield chunk;
      continue;
    }
    let from = 0;
    for (let bad = chunk.indexOf(REPLACEMENT); bad !== -1; bad = chunk.indexOf(REPLACEMENT, bad + 1)) {
      line += newlines(chunk, from, bad);
      from = bad;
      if (line === reported) continue;
      reported = line;
      log.add(located({ file, line, field: "(encoding)" }, { code: "formats.invalidUtf8" }));
    }
    line += newlines(chunk, from, chunk.length);
    yield chunk;
  }
}
