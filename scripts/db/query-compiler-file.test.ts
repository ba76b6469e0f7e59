import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUERY_COMPILER_FILE } from "../../lib/db/query-compiler";
import { base64Of, pointClientAtFile, writeQueryCompiler } from "./query-compiler-file";
import { PROVIDERS } from "./schema-files";

/** The loader as Prisma 7.10's prisma-client generator writes it into internal/class.ts. */
const PRISMA_CLASS = `config.compilerWasm = {
  getRuntime: async () => await import("@prisma/client/runtime/query_compiler_fast_bg.sqlite.mjs"),

  getQueryCompilerWasmModule: async () => {
    const { wasm } = await import("@prisma/client/runtime/query_compiler_fast_bg.sqlite.wasm-base64.mjs")
    return await decodeBase64AsWasm(wasm)
  },

  importName: "./query_compiler_fast_bg.js"
}
`;
/** The smallest WebAssembly module: the magic number and version 1. */
const EMPTY_MODULE = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe("the generated clients' query compiler, as a file", () => {
  it("points Prisma's loader at lib/db/query-compiler.ts, keeping Prisma's as the fallback", () => {
    const { source, base64Module } = pointClientAtFile(PRISMA_CLASS, "sqlite");
    expect(base64Module).toBe("@prisma/client/runtime/query_compiler_fast_bg.sqlite.wasm-base64.mjs");
    expect(source).toContain('const { queryCompilerModule } = await import("../../../db/query-compiler")');
    expect(source).toContain('return queryCompilerModule("sqlite", async () => {');
    expect(source).toContain('const { wasm } = await import("@prisma/client/runtime/query_compiler_fast_bg.sqlite.wasm-base64.mjs")');
    expect(source).toContain('importName: "./query_compiler_fast_bg.js"');
    // Once is enough: a client already pointed is left as it is.
    expect(pointClientAtFile(source, "sqlite")).toEqual({ source, base64Module: null });
  });

  it("refuses a loader it does not know rather than patching it blindly", () => {
    expect(() => pointClientAtFile(PRISMA_CLASS.replace("decodeBase64AsWasm(wasm)", "decode(wasm)"), "sqlite")).toThrow(
      /loader is not where it was/,
    );
  });

  it("writes the bytes of Prisma's base64 module beside the client, checked as WebAssembly", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "query-compiler-"));
    fs.mkdirSync(path.join(dir, "internal"));
    fs.writeFileSync(path.join(dir, "internal", "class.ts"), PRISMA_CLASS);
    const module = path.join(dir, "base64.mjs");
    fs.writeFileSync(module, `const wasm = "${EMPTY_MODULE.toString("base64")}";\nexport { wasm }\n`);
    writeQueryCompiler(dir, "sqlite", () => module);
    expect(fs.readFileSync(path.join(dir, QUERY_COMPILER_FILE))).toEqual(EMPTY_MODULE);
    expect(fs.readFileSync(path.join(dir, "internal", "class.ts"), "utf8")).toContain('queryCompilerModule("sqlite"');

    // Not WebAssembly: nothing written, the client left on Prisma's loader.
    fs.writeFileSync(path.join(dir, "internal", "class.ts"), PRISMA_CLASS);
    fs.rmSync(path.join(dir, QUERY_COMPILER_FILE));
    fs.writeFileSync(module, `const wasm = "${Buffer.from("not wasm").toString("base64")}";\nexport { wasm }\n`);
    expect(() => writeQueryCompiler(dir, "sqlite", () => module)).toThrow(/not a WebAssembly module/);
    expect(fs.existsSync(path.join(dir, QUERY_COMPILER_FILE))).toBe(false);
    expect(fs.readFileSync(path.join(dir, "internal", "class.ts"), "utf8")).toBe(PRISMA_CLASS);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads the base64 text of Prisma's module", () => {
    expect(base64Of('const wasm = "AGFzbQEAAAA=";\nexport { wasm }\n')).toBe("AGFzbQEAAAA=");
    expect(() => base64Of("export const other = 1")).toThrow(/no `const wasm/);
  });

  it.each(PROVIDERS)("the %s client of this checkout loads its compiler from the file npm ci wrote", (provider) => {
    const dir = path.resolve(import.meta.dirname, "..", "..", "lib", "generated", provider);
    expect(fs.readFileSync(path.join(dir, "internal", "class.ts"), "utf8")).toContain(`queryCompilerModule(${JSON.stringify(provider)}`);
    expect(WebAssembly.validate(fs.readFileSync(path.join(dir, QUERY_COMPILER_FILE)))).toBe(true);
  });
});
