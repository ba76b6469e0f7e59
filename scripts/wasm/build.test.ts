import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assemble, generatedPath, generatedSource, WAT_FILES } from "./build";

describe("npm run build:wasm", () => {
  it.each(WAT_FILES)("the committed module of %s is what its source assembles to", async (wat) => {
    const bytes = await assemble(wat);
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../..", generatedPath(wat)), "utf8");
    expect(committed, "run `npm run build:wasm` and commit the result").toBe(generatedSource(wat, bytes));
    expect(WebAssembly.validate(new Uint8Array(bytes))).toBe(true);
  });
});
