// After `prisma generate` (generate.ts): each client's query compiler written as bytes beside it,
// and the client pointed at lib/db/query-compiler.ts to load it, instead of importing Prisma's
// base64 module of it (why: lib/db/query-compiler.ts).
import fs from "node:fs";
import path from "node:path";
import { QUERY_COMPILER_FILE } from "../../lib/db/query-compiler";

/** Prisma's generated loader: `const { wasm } = await import("<base64 module>")` then decodeBase64AsWasm(wasm). */
const PRISMA_LOADER =
  /getQueryCompilerWasmModule: async \(\) => \{\n(\s*)const \{ wasm \} = await import\("(@prisma\/client\/runtime\/[\w.-]+\.wasm-base64\.mjs)"\)\n\s*return await decodeBase64AsWasm\(wasm\)\n(\s*)\},/;
const MARK = "queryCompilerModule(";

/**
 * The generated client's source (internal/class.ts of lib/generated/<client>) loading its query
 * compiler through lib/db/query-compiler.ts, and the base64 module it imported; the source as it
 * is when it already does. Throws when Prisma's loader is not found: a Prisma version that writes
 * it otherwise must be looked at, not patched blindly.
 */
export function pointClientAtFile(source: string, client: string): { source: string; base64Module: string | null } {
  if (source.includes(MARK)) return { source, base64Module: null };
  const found = PRISMA_LOADER.exec(source);
  if (!found)
    throw new Error(
      `lib/generated/${client}/internal/class.ts: Prisma's query compiler loader is not where it was; see scripts/db/query-compiler-file.ts`,
    );
  const [loader, indent, base64Module, closing] = found as unknown as [string, string, string, string];
  const patched = [
    "getQueryCompilerWasmModule: async () => {",
    `${indent}// From the bytes beside this client (scripts/db/query-compiler-file.ts); Prisma's base64 module otherwise.`,
    `${indent}const { queryCompilerModule } = await import("../../../db/query-compiler")`,
    `${indent}return ${MARK}${JSON.stringify(client)}, async () => {`,
    `${indent}  const { wasm } = await import(${JSON.stringify(base64Module)})`,
    `${indent}  return await decodeBase64AsWasm(wasm)`,
    `${indent}})`,
    `${closing}},`,
  ].join("\n");
  return { source: source.replace(loader, patched), base64Module };
}

/** The base64 text of Prisma's module of the query compiler (`export { wasm }` of a string literal). */
export function base64Of(moduleText: string): string {
  const found = /const wasm = "([A-Za-z0-9+/=]+)"/.exec(moduleText);
  if (!found) throw new Error('Prisma\'s base64 module of the query compiler holds no `const wasm = "…"`');
  return found[1]!;
}

/** Writes the query compiler of the client generated into `dir` (lib/generated/<client>) beside it, and points the client at it. */
export function writeQueryCompiler(dir: string, client: string, resolve: (specifier: string) => string): void {
  const classFile = path.join(dir, "internal", "class.ts");
  const { source, base64Module } = pointClientAtFile(fs.readFileSync(classFile, "utf8"), client);
  if (base64Module === null) return;
  const bytes = Buffer.from(base64Of(fs.readFileSync(resolve(base64Module), "utf8")), "base64");
  // Checked before the client is pointed at it: a file that is not WebAssembly is never loaded.
  if (!WebAssembly.validate(bytes)) throw new Error(`${base64Module}: its text is not a WebAssembly module`);
  fs.writeFileSync(path.join(dir, QUERY_COMPILER_FILE), bytes);
  fs.writeFileSync(classFile, source);
}
