#!/usr/bin/env node
// Stand-in for Prisma's native schema-engine binary, which offline machines cannot download.
// `prisma generate` only needs the file to exist. Any other Prisma CLI command that reaches
// for the engine gets a JSON-RPC error naming the offline commands, so it fails loudly
// instead of printing nothing (the trap of pointing PRISMA_SCHEMA_ENGINE_BINARY at /bin/false).
import readline from "node:readline";

const message =
  "ClinAudit runs Prisma's schema engine offline through its own commands: " +
  "npm run db:migration -- <name> (create), npm run db:deploy (apply), npm run db:status, npm run db:check. " +
  "The native schema engine is not installed on this machine, so `prisma migrate` / `prisma db` cannot run here.";

if (process.argv.includes("--version") || process.argv.includes("-V")) {
  console.log("schema-engine-cli clinaudit-offline-stand-in");
  process.exit(0);
}

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  let id = null;
  try {
    id = JSON.parse(line).id ?? null;
  } catch {}
  const error = { code: 4466, message, data: { is_panic: false, message, error_code: "P4001", meta: {} } };
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, error }) + "\n");
  process.exitCode = 1;
  rl.close();
});
