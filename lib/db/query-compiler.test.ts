import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { QUERY_COMPILER_FILE, queryCompilerModule } from "./query-compiler";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "query-compiler-root-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const EMPTY_MODULE = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

function client(name: string, bytes: Buffer) {
  fs.mkdirSync(path.join(root, "lib", "generated", name), { recursive: true });
  fs.writeFileSync(path.join(root, "lib", "generated", name, QUERY_COMPILER_FILE), bytes);
}

describe("queryCompilerModule", () => {
  it("compiles the file beside the client once, without Prisma's loader", async () => {
    client("a", EMPTY_MODULE);
    const fallback = vi.fn(async () => new WebAssembly.Module(EMPTY_MODULE));
    const first = await queryCompilerModule("a", fallback, root);
    expect(first).toBeInstanceOf(WebAssembly.Module);
    expect(await queryCompilerModule("a", fallback, root)).toBe(first);
    expect(fallback).not.toHaveBeenCalled();
  });

  it("falls back to Prisma's loader when the file is not there", async () => {
    const prisma = new WebAssembly.Module(EMPTY_MODULE);
    expect(await queryCompilerModule("missing", async () => prisma, root)).toBe(prisma);
  });

  it("fails on a file that is not WebAssembly, and tries again at the next ask", async () => {
    client("broken", Buffer.from("not wasm"));
    const fallback = async () => new WebAssembly.Module(EMPTY_MODULE);
    await expect(queryCompilerModule("broken", fallback, root)).rejects.toThrow(WebAssembly.CompileError);
    client("broken", EMPTY_MODULE);
    expect(await queryCompilerModule("broken", fallback, root)).toBeInstanceOf(WebAssembly.Module);
  });
});
