// The JSON bundle and the JSONL pair of the same data import to the same rows (the bundle is
// streamed record by record like the JSONL files; see lib/formats/bundle-scan.ts).
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { generateEhrBundle } from "@/lib/synth";
import { importDataset, type ImportFile } from "@/lib/server/datasets/import-dataset";
import { DATABASES, target } from "./databases";

const file = (name: string, content: string): ImportFile => ({
  name,
  open: async function* () {
    for (let i = 0; i < content.length; i += 5000) yield content.slice(i, i + 5000);
  },
});
const jsonl = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join("\n") + "\n";

/** Every stored column of a dataset's rows except generated ids and foreign keys (patients by external id instead). */
async function rowsOf(db: Db, datasetId: string) {
  const patients = await db.patient.findMany({
    where: { datasetId },
    orderBy: { position: "asc" },
    include: { events: { orderBy: { position: "asc" } } },
  });
  const items = await db.item.findMany({
    where: { datasetId },
    orderBy: { position: "asc" },
    include: { patient: { select: { externalId: true } } },
  });
  return {
    patients: patients.map(({ id: _id, datasetId: _d, events, ...p }) => ({
      ...p,
      events: events.map(({ id: _e, patientId: _p, ...e }) => e),
    })),
    items: items.map(({ id: _id, datasetId: _d, patientId: _p, ...i }) => i),
  };
}

describe.each(DATABASES)("bundle and JSONL layouts on $name", (database) => {
  afterAll(() => database.dropAll());

  it("import to identical rows", { timeout: 120_000 }, async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { bundle } = generateEhrBundle({ seed: "layouts", size: "full", patients: 6 });
    const a = await importDataset(db, null, [file("ehr.json", JSON.stringify(bundle, null, 2))], { name: "x" });
    const b = await importDataset(
      db,
      null,
      [file("patients.jsonl", jsonl(bundle.patients)), file("instances.jsonl", jsonl(bundle.instances))],
      { name: "x" },
    );
    if (a.status !== "imported" || b.status !== "imported") throw new Error(JSON.stringify([a, b]).slice(0, 2000));
    expect(a.counts).toEqual(b.counts);
    const [ra, rb] = [await rowsOf(db, a.datasetId), await rowsOf(db, b.datasetId)];
    expect(ra.patients.length).toBe(6);
    expect(ra).toEqual(rb);
    await db.$disconnect();
  });
});
