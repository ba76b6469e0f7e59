// npm run db:generate — generates the Prisma client of each provider into lib/generated/.
// Uses the native schema engine when Prisma has one; otherwise points Prisma at the offline
// stand-in (generate never runs it, but checks that it exists instead of downloading it).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { writeQueryCompiler } from "./query-compiler-file";
import { PRISMA_DIR, PROVIDERS } from "./schema-files";

const require = createRequire(import.meta.url);

export function schemaEngineEnv(): NodeJS.ProcessEnv {
  if (process.env.PRISMA_SCHEMA_ENGINE_BINARY) return process.env;
  const enginesDir = path.dirname(require.resolve("@prisma/engines/package.json"));
  const native = fs.readdirSync(enginesDir).some((f) => f.startsWith("schema-engine"));
  if (native) return process.env;
  return { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: path.join(PRISMA_DIR, "engine", "offline-schema-engine.mjs") };
}

const cli = require.resolve("prisma/build/index.js");
for (const provider of PROVIDERS) {
  execFileSync(process.execPath, [cli, "generate", "--schema", path.join(PRISMA_DIR, provider)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...schemaEngineEnv(), PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
  });
  writeQueryCompiler(path.join(PRISMA_DIR, "..", "lib", "generated", provider), provider, (specifier) => require.resolve(specifier));
}
