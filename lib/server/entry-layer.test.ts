// The entry layer's rule (ARCHITECTURE.md, #18): pages and routes under app/ and the server actions
// in lib/actions/ reach the database only through lib/server functions, handed the context their
// guard gives them.
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

describe("app/ and lib/actions/", () => {
  const sources = [...files("app"), ...files("lib/actions")].map((f) => ({ f, text: fs.readFileSync(f, "utf8") }));

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

  // uploadRoute (lib/server/uploads/upload-route.ts) is guardedRoute with an upload's cap and clean-up.
  it("guards every route handler with guardedRoute (or openRoute, uploadRoute), never by hand", () => {
    const routes = sources.filter(({ f }) => f.endsWith("route.ts") && !f.includes("[...nextauth]"));
    expect(routes.length).toBeGreaterThan(8);
    expect(
      routes
        .filter(
          ({ text }) =>
            !/(guardedRoute(<[^>]*>)?|openRoute|uploadRoute)\(/.test(text) || /getCurrentUser|new Response\(|"Not found"/.test(text),
        )
        .map(({ f }) => f),
    ).toEqual([]);
  });
});

describe("lib/actions/", () => {
  const actions = files("lib/actions").map((f) => ({ f, text: fs.readFileSync(f, "utf8") }));

  it("holds every server action, each built by guardedAction or publicAction", () => {
    expect(actions.length).toBeGreaterThan(8);
    expect(files("app").filter((f) => /actions\.ts$/.test(f))).toEqual([]);
    const unguarded = actions.flatMap(({ f, text }) => {
      if (!text.startsWith('"use server";')) return [`${f}: not a "use server" module`];
      const exports = [...text.matchAll(/^export (const|async function|function) (\w+)(.*)$/gm)];
      // The one open action: the language switch, which also works signed out (it checks the locale itself).
      return exports
        .filter(
          ([, kind, name, rest]) =>
            !(kind === "const" && /^ = (guardedAction|publicAction)\(/.test(rest ?? "")) && name !== "setLocaleAction",
        )
        .map(([, , name]) => `${f}: ${name}`);
    });
    expect(unguarded).toEqual([]);
  });
});

describe("components/", () => {
  it("never imports a route folder (actions live in lib/actions)", () => {
    const importsApp = files("components").filter((f) => /from\s+["']@\/app\//.test(fs.readFileSync(f, "utf8")));
    expect(importsApp).toEqual([]);
  });
});
