// Reading a JSON bundle record by record, shared by both bundle readers (pass 1) and by
// streamDataset (pass 2): records of the streamed arrays are validated (or mapped) as they are
// scanned and then dropped; only the small top-level members are kept.
//
// Issues are reported against record paths (`patients[3].events[17].time`). Their lines are
// filled in at the end, and only if some were reported: the file is read once more and the
// records that have issues are located (json-locate.ts), so a valid bundle costs nothing extra.
import { scanBundle } from "./bundle-scan";
import type { Chunks } from "./csv";
import type { z } from "zod";
import { IssueLog, located, reportZod, type FormatIssue, type Where } from "./issues";
import { locateLines } from "./json-locate";

export function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** What a bundle reader needs from its file and context (kept structural to avoid an import cycle). */
interface BundleSource {
  name: string;
  chunks: Chunks;
  /** The same text again (for locating issues); absent: the first read is kept for that. */
  reopen?: () => Chunks;
}

interface BundleContext {
  log: IssueLog;
  progress: { wrap(file: string, chunks: Chunks): AsyncIterable<string>; record(file: string, n?: number): void; done(file: string): void };
}

export type RecordHandler = (value: unknown, where: Where) => void;

export interface BundleRead<T> {
  /** The top-level members, with each streamed array stood in for by `[]`, or the root when it is not an object. */
  root: unknown;
  /** The header checked against its schema (its issues are logged before the records'). */
  head: z.ZodSafeParseResult<T>;
  /** Re-reads the file to fill in the lines of this file's issues; call after the last rule ran. */
  locate: () => Promise<void>;
}

/**
 * Pass 1 over a bundle: every member collected, every record of `handlers`' arrays given to its
 * handler (with its path), then the header checked. Undefined after a syntax error, which is logged with its line (the
 * issues of the records before it stay: they are real).
 */
export async function readBundle<T>(
  file: BundleSource,
  ctx: BundleContext,
  headSchema: z.ZodType<T>,
  handlers: Record<string, RecordHandler>,
): Promise<BundleRead<T> | undefined> {
  const first = ctx.log.issues.length;
  const kept: string[] | undefined = file.reopen ? undefined : [];
  const reopen = file.reopen ?? (() => kept as string[]);
  const arrays = Object.keys(handlers);
  const root: Record<string, unknown> = {};
  const seen = new Set<string>();
  let other: { value: unknown } | undefined;
  const locate = () => locateBundleIssues(file.name, reopen, arrays, ctx.log);
  const chunks = ctx.progress.wrap(file.name, kept ? tee(file.chunks, kept) : file.chunks);
  for await (const e of scanBundle(chunks, { arrays })) {
    if (e.kind === "record") {
      ctx.progress.record(file.name);
      handlers[e.key]!(e.value, { file: file.name, path: `${e.key}[${e.index}]` });
    } else if (e.kind === "member" || e.kind === "array") {
      if (arrays.includes(e.key)) {
        // JSON.parse would keep the last one; a reader streaming the first cannot.
        if (seen.has(e.key)) {
          ctx.log.add(located({ file: file.name, line: e.line, field: e.key }, { code: "formats.duplicateArray", values: { key: e.key } }));
          await locate();
          return undefined;
        }
        seen.add(e.key);
      }
      root[e.key] = e.kind === "array" ? [] : e.value;
    } else if (e.kind === "root") other = { value: e.value };
    else if (e.kind === "error") {
      ctx.log.add(located({ file: file.name, line: e.line, field: "(json)" }, e.said));
      await locate();
      return undefined;
    }
  }
  ctx.progress.done(file.name);
  const top = other ? other.value : root;
  // The header is checked once every member was seen, but reported before the records.
  const headLog = new IssueLog(ctx.log.cap);
  const head = headSchema.safeParse(top, { reportInput: true });
  if (!head.success) reportZod(headLog, { file: file.name, path: "" }, head.error);
  ctx.log.insertAt(first, headLog);
  return { root: top, head, locate };
}

async function* tee(chunks: Chunks, into: string[]): AsyncGenerator<string> {
  for await (const c of chunks) {
    into.push(c);
    yield c;
  }
}

/** `patients[3].events[0]` → ["patients", 3, "events[0]"]; a member path → [key, undefined, rest]. */
function splitField(field: string, arrays: readonly string[]): [string, number | undefined, string] {
  const m = /^([^.[\]]+)(?:\[(\d+)\])?(?:\.)?(.*)$/.exec(field);
  if (!m) return ["", undefined, field];
  const [, key, index, rest] = m as unknown as [string, string, string | undefined, string];
  if (index !== undefined && arrays.includes(key)) return [key, Number(index), rest];
  return [key, undefined, field.slice(key.length).replace(/^\./, "")];
}

/** Fills in `line` on this file's kept issues that have none, by reading the file once more. */
async function locateBundleIssues(name: string, reopen: () => Chunks, arrays: readonly string[], log: IssueLog): Promise<void> {
  const pending = log.issues.filter((i) => i.file === name && i.line === undefined);
  if (pending.length === 0) return;
  // Per record (or member): the paths inside it that are wanted.
  const byRecord = new Map<string, { issue: FormatIssue; rest: string }[]>();
  const keyOf = (key: string, index: number | undefined) => (index === undefined ? key : `${key}[${index}]`);
  for (const issue of pending) {
    const [key, index, rest] = splitField(issue.field, arrays);
    const k = keyOf(key, index);
    byRecord.set(k, [...(byRecord.get(k) ?? []), { issue, rest }]);
  }
  const place = (k: string, text: string | undefined, line: number) => {
    const wanted = byRecord.get(k);
    if (!wanted) return;
    byRecord.delete(k);
    const lines =
      text === undefined
        ? undefined
        : locateLines(
            text,
            wanted.map((w) => w.rest),
          );
    for (const { issue, rest } of wanted) issue.line = line + (lines?.get(rest) ?? 1) - 1;
  };
  let rootLine = 1;
  const wanted = (key: string, index: number) => byRecord.has(keyOf(key, index));
  for await (const e of scanBundle(reopen(), { arrays, wanted })) {
    if (e.kind === "open") rootLine = e.line;
    else if (e.kind === "record") place(keyOf(e.key, e.index), e.text, e.line);
    else if (e.kind === "member") place(e.key, e.text, e.line);
    else if (e.kind === "array") place(e.key, undefined, e.line);
    else if (e.kind === "root") {
      rootLine = e.line;
      for (const k of [...byRecord.keys()]) place(k, e.text, e.line);
    }
    if (byRecord.size === 0) return;
  }
  // Paths that name nothing in the file (a missing member, the root itself): the root's line.
  for (const list of byRecord.values()) for (const { issue } of list) issue.line = rootLine;
}
