// Prisma's own schema engine, compiled to Wasm (@prisma/schema-engine-wasm, pinned to the
// version matching the prisma CLI), run in-process. It replaces the native schema-engine
// binary, which Prisma downloads at first use and which offline machines cannot fetch.
//
// We only ask it for diffs between two datamodels, which are pure computations. The engine
// still insists on a database connection when it starts, so it gets an "offline" adapter:
// it answers the PostgreSQL start-up probe with a fixed server version and refuses every
// other statement loudly, so nothing can silently touch (or pretend to touch) a database.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import type { Provider } from "../../lib/db/target";
import type { SchemaFile } from "./schema-files";

type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

let bindings: Promise<{ SchemaEngine: { new: (o: unknown, cb: unknown, a: unknown) => Promise<Engine> } }> | null = null;

function loadBindings() {
  bindings ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
    const bg = await import(pathToFileURL(path.join(dir, "schema_engine_bg.js")).href);
    const wasm = fs.readFileSync(path.join(dir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(wasm, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return bindings;
}

/** PostgreSQL server version the offline engine assumes when it renders SQL. */
const ASSUMED_PG_VERSION = { text: "PostgreSQL 15.0 (ClinAudit offline schema engine)", num: 150000 };

function offlineAdapter(provider: "sqlite" | "postgres") {
  const refuse = (kind: string) => async (query?: { sql?: string }) => {
    throw new Error(`offline schema engine: refused ${kind} ${query?.sql ?? ""}`.trim());
  };
  return {
    provider,
    adapterName: "clinaudit-offline",
    async queryRaw(query: { sql: string }) {
      if (provider === "postgres" && /server_version_num/.test(query.sql)) {
        return {
          columnNames: ["exists", "version", "numeric_version"],
          columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
          rows: [[true, ASSUMED_PG_VERSION.text, ASSUMED_PG_VERSION.num]],
        };
      }
      return refuse("query")(query);
    },
    executeRaw: refuse("statement"),
    executeScript: refuse("script"),
    startTransaction: refuse("transaction"),
    dispose: async () => {},
  };
}

/** SQL that takes a database from the `from` models to the `to` models (null: from nothing). */
export async function diffModels(provider: Provider, from: SchemaFile[] | null, to: SchemaFile[]): Promise<string> {
  const { SchemaEngine } = await loadBindings();
  const kind = provider === "sqlite" ? "sqlite" : "postgres";
  const factory = {
    provider: kind,
    adapterName: "clinaudit-offline",
    connect: async () => offlineAdapter(kind),
    connectToShadowDb: async () => offlineAdapter(kind),
  };
  const engine = await SchemaEngine.new(
    { datamodels: to.map((f) => [f.path, f.content]) },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory as never),
  );
  try {
    const result = await engine.diff({
      from: from ? { tag: "schemaDatamodel", files: from } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: to },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    if (result.exitCode !== 0) throw new Error(`schema engine diff exited with ${result.exitCode}`);
    return result.stdout ?? "";
  } finally {
    engine.free();
  }
}

/** True when the SQL has at least one statement (not just comments and blank lines). */
export function hasStatements(sql: string): boolean {
  return sql.split("\n").some((line) => line.trim() !== "" && !line.trim().startsWith("--"));
}
