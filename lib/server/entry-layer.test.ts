// The entry layer's rule (ARCHITECTURE.md, #18): pages, actions and routes under app/ reach the
// database only through lib/server functions, handed the context their guard gives them.
// Biome refuses the import (biome.jsonc); this also catches a query written on that context.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
}

describe("app/", () => {
  const sources = files("app").map((f) => ({ f, text: fs.readFileSync(f, "utf8") }));

  it("never imports the database client", () => {
    expect(
      sources.filter(({ text }) => /from\s+["'](@\/lib\/db(\/[^"']*)?|[./]+lib\/db(\/[^"']*)?)["']/.test(text)).map(({ f }) => f),
    ).toEqual([]);
  });

  it("never queries the database itself", () => {
    const query =
      /\b(db|tx)(\(\))?\.(\$transaction|\$queryRaw|\$executeRaw|\w+\.(find\w*|count|create\w*|update\w*|delete\w*|upsert|aggregate|groupBy))\s*\(/;
    expect(sources.filter(({ text }) => query.test(text)).map(({ f }) => f)).toEqual([]);
  });

  it("guards every route handler with guardedRoute (or openRoute), never by hand", () => {
    const routes = sources.filter(({ f }) => f.endsWith("route.ts") && !f.includes("[...nextauth]"));
    expect(routes.length).toBeGreaterThan(8);
    expect(
      routes
        .filter(({ text }) => !/(guardedRoute(<[^>]*>)?|openRoute)\(/.test(text) || /getCurrentUser|new Response\(|"Not found"/.test(text))
        .map(({ f }) => f),
    ).toEqual([]);
  });
});
