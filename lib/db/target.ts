// Which database a DATABASE_URL names. SQLite is the embedded default; postgres:// or
// postgresql:// selects PostgreSQL. Pure: no I/O, so scripts, the server and tests share it.
import path from "node:path";

export type Provider = "sqlite" | "postgres";

export type DbTarget = { provider: "sqlite"; url: string; file: string } | { provider: "postgres"; url: string };

export function parseDatabaseUrl(url: string, cwd = process.cwd()): DbTarget {
  const trimmed = url.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return { provider: "postgres", url: trimmed };
  if (trimmed.startsWith("file:")) {
    const rest = trimmed.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (!rest) throw new Error(`DATABASE_URL "${url}" names no SQLite file`);
    if (rest === ":memory:") return { provider: "sqlite", url: trimmed, file: rest };
    return { provider: "sqlite", url: trimmed, file: path.resolve(cwd, rest.split("?")[0]!) };
  }
  throw new Error(`DATABASE_URL "${redact(url)}" is neither file:… (SQLite) nor postgresql://… (PostgreSQL)`);
}

/** The URL with any password replaced, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}
