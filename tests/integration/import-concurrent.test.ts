// The same files imported several times at once (five browser tabs, or the web and the command
// line): exactly one import, every other caller told which dataset already holds them, never a
// crash on the checksum's unique constraint. Different files under one name at once: each gets
// its own version.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { importDataset, type ImportFile } from "@/lib/server/datasets/import-dataset";
import { DATABASES, target } from "./databases";

const source = fs.readFileSync(path.resolve("lib/formats/__fixtures__/ehr-decision-mcq.example.json"), "utf8");
const file = (name: string, content: string): ImportFile => ({
  name,
  open: async function* () {
    yield content;
  },
});

describe.each(DATABASES)("concurrent imports on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("five identical imports at once: one imports, four are told where it is", async () => {
    const db = await freshDb();
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => importDataset(db, null, [file("bench.json", source)], { name: "Same bytes" })),
      );
      const imported = outcomes.filter((o) => o.status === "imported");
      expect(imported).toHaveLength(1);
      const winner = imported[0] as { datasetId: string; report: unknown };
      for (const o of outcomes.filter((o) => o.status !== "imported"))
        expect(o).toEqual({ status: "unchanged", datasetId: winner.datasetId, name: "Same bytes", version: 1, report: winner.report });
      expect(await db.dataset.count()).toBe(1);
      expect(await db.patient.count()).toBe(1);
      expect(await db.auditEvent.count({ where: { action: "dataset.import" } })).toBe(1);
    } finally {
      await db.$disconnect();
    }
  });

  it("different files under one name at once become versions 1, 2 and 3", async () => {
    const db = await freshDb();
    try {
      const variants = ["", " (a)", " (b)"].map((suffix) => source.replace("Immediate delivery", `Immediate delivery${suffix}`));
      const outcomes = await Promise.all(
        variants.map((content) => importDataset(db, null, [file("bench.json", content)], { name: "Versions" })),
      );
      expect(outcomes.map((o) => o.status)).toEqual(["imported", "imported", "imported"]);
      expect(outcomes.map((o) => (o as { version: number }).version).sort()).toEqual([1, 2, 3]);
    } finally {
      await db.$disconnect();
    }
  });
});
