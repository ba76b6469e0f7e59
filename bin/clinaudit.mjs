#!/usr/bin/env node
// The ClinAudit command line. Sub-commands are TypeScript modules in bin/commands, run through
// tsx (a dependency), so the CLI, the server and the tests share the same lib/ code.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The checkout, for what is read from it at run time (the import threads' files), from any folder.
process.env.CLINAUDIT_CHECKOUT ??= fileURLToPath(new URL("..", import.meta.url));

// Server modules guard themselves with `server-only`, which resolves to a no-op only under
// the react-server condition: re-run this process with it.
if (!process.execArgv.includes("--conditions=react-server")) {
  const result = spawnSync(process.execPath, ["--conditions=react-server", ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
}
// tsx reads tsconfig.json from the cwd by default: the package's own gives the `@/` alias from anywhere.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });

const COMMANDS = {
  agreement: ["./commands/agreement.ts", "runAgreement", "agreement statistics of a long-format ratings CSV"],
  backup: ["./commands/backup.ts", "runBackup", "write one audit, its dataset and every rating to a backup file"],
  evaluate: ["./commands/evaluate.ts", "runEvaluate", "model accuracy with patient-clustered bootstrap CIs from a prediction file"],
  generate: ["./commands/generate.ts", "runGenerate", "write a synthetic benchmark (deterministic by seed)"],
  import: ["./commands/import.ts", "runImport", "import benchmark files into the database"],
  package: ["./commands/package.ts", "runPackage", "write an audit's reproducibility package (zip with reproduce.py and reproduce.R)"],
  restore: ["./commands/restore.ts", "runRestore", "restore an audit from a backup file (all or nothing)"],
  worker: ["./commands/worker.ts", "runWorker", "run background jobs (imports, reports) from the PostgreSQL job queue"],
};

const [name, ...args] = process.argv.slice(2);
const entry = COMMANDS[name];
if (!entry) {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  process.stderr.write(
    `Usage: clinaudit <command> [options]\n\nCommands:\n${Object.entries(COMMANDS)
      .map(([c, [, , help]]) => `  ${c.padEnd(width)}  ${help}`)
      .join("\n")}\n\nRun clinaudit <command> --help for its options.\n`,
  );
  process.exit(name ? 2 : 0);
}
const [file, exported] = entry;
const module = await import(new URL(file, import.meta.url).href);
const fs = await import("node:fs/promises");
const code = await module[exported](args, {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  readFile: (p) => fs.readFile(p, "utf8"),
});
process.exitCode = code;
