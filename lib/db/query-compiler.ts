// Prisma's query compiler (WebAssembly) as the generated clients load it: `npm ci` (scripts/db/
// generate.ts) writes its bytes beside each client and points the client here. Prisma's own loader
// imports it as a 4.4 MB base64 module, whose source text and string every isolate with a client
// (the web process, the report, interval and corrected-build threads) then kept for good: 8.5 MB of
// heap in a process that only queries, 5–15 MB in each of the server's isolates (bench/README.md,
// 2026-12-07). Read as bytes, only the compiled module stays.
import fs from "node:fs";
import path from "node:path";
import { CHECKOUT } from "../checkout";
import { processWide } from "../process-wide";

export const QUERY_COMPILER_FILE = "query_compiler.wasm";

const compiled = processWide("query-compilers", () => new Map<string, Promise<WebAssembly.Module>>());

/**
 * The query compiler of the client generated into lib/generated/<client> of the checkout
 * (lib/checkout.ts; scripts/db/generate.ts writes it there), compiled once per
 * isolate; when its file is not there (a process started outside the checkout without
 * CLINAUDIT_CHECKOUT), Prisma's own loader (`fallback`), which works anywhere at the cost above.
 */
export function queryCompilerModule(
  client: string,
  fallback: () => Promise<WebAssembly.Module>,
  root: string = CHECKOUT,
): Promise<WebAssembly.Module> {
  const file = path.join(root, "lib", "generated", client, QUERY_COMPILER_FILE);
  let module = compiled.get(file);
  if (!module) {
    module = fs.promises.readFile(file).then(
      (bytes) => new WebAssembly.Module(bytes),
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
        return fallback();
      },
    );
    // A failure is not kept: the next client asks again.
    module.catch(() => compiled.get(file) === module && compiled.delete(file));
    compiled.set(file, module);
  }
  return module;
}
