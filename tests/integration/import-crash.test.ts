// Crash safety of the import: the real command line (`clinaudit import`) is killed with SIGKILL
// while it is writing rows (seen on its stderr progress), which must leave no trace of the
// dataset; the same files then import cleanly.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { DATABASES, target } from "./databases";

/**
 * Many small records: the write phase (per row) lasts seconds while validation (per byte) is
 * short, so the kill lands mid-write with room to spare on a fast machine.
 */
const PATIENTS = 40;
const EVENTS = 1000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-crash-"));
const files = ["patients.jsonl", "instances.jsonl"].map((f) => path.join(dir, f));

function writeDataset(): void {
  const start = Date.UTC(2031, 0, 1);
  const at = (hours: number) => new Date(start + hours * 3_600_000).toISOString().slice(0, 19);
  const patients: string[] = [];
  const instances: string[] = [];
  for (let p = 1; p <= PATIENTS; p++) {
    const events = Array.from({ length: EVENTS }, (_, k) => ({
      event_id: `E${k}`,
      time: at(k),
      event_type: "vital_sign",
      name: "Systolic BP",
      value: 100 + ((p * k) % 50),
      unit: "mmHg",
    }));
    patients.push(JSON.stringify({ patient_id: `P${p}`, events }));
    const options = [
      { label: "A", text: "Observe" },
      { label: "B", text: "Treat" },
    ];
    instances.push(
      JSON.stringify({
        instance_id: `I${p}`,
        patient_id: `P${p}`,
        cutoff: { time: at(EVENTS / 2) },
        decision_point_index: 1,
        chapter: "Hypertension",
        rule_id: "HTN-1",
        evidence_level: "L1",
        question: "Next step?",
        options,
        answer: "B",
        evidence_event_ids: ["E1"],
      }),
    );
  }
  fs.writeFileSync(files[0]!, `${patients.join("\n")}\n`);
  fs.writeFileSync(files[1]!, `${instances.join("\n")}\n`);
}

beforeAll(writeDataset);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function rows(db: Db) {
  const [datasets, patients, events, items, imports] = await Promise.all([
    db.dataset.count(),
    db.patient.count(),
    db.ehrEvent.count(),
    db.item.count(),
    db.auditEvent.count({ where: { action: "dataset.import" } }),
  ]);
  return { datasets, patients, events, items, imports };
}

/** Waits until no process of the group is left (the CLI re-executes itself in a child). */
async function groupGone(pgid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process group ${pgid} survived SIGKILL`);
}

/** Runs the import and SIGKILLs its whole process group at its first "writing X / Y rows" with 0 < X < Y. */
function importKilledWhileWriting(url: string): Promise<{ written: number; total: number }> {
  const child = spawn(process.execPath, ["bin/clinaudit.mjs", "import", ...files], {
    env: { ...process.env, DATABASE_URL: url },
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  let killed: { written: number; total: number } | undefined;
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    const m = [...stderr.matchAll(/writing ([\d,]+) \/ ([\d,]+) rows/g)].pop();
    const [written, total] = m ? [Number(m[1]!.replace(/,/g, "")), Number(m[2]!.replace(/,/g, ""))] : [0, 0];
    if (!killed && written > 0 && written < total) {
      process.kill(-child.pid!, "SIGKILL");
      killed = { written, total };
    }
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code, signal) => {
      if (killed && signal === "SIGKILL") groupGone(child.pid!).then(() => resolve(killed!), reject);
      else
        reject(
          new Error(`the import ended (${code ?? signal}) before it could be killed while writing; make the dataset larger\n${stderr}`),
        );
    }),
  );
}

describe.each(DATABASES)("import killed mid-write on $name", (database) => {
  afterAll(() => database.dropAll());

  it("leaves no partial dataset, and the same files then import", { timeout: 180_000 }, async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const { written, total } = await importKilledWhileWriting(url);
    expect(written).toBeLessThan(total);

    const db = createDb(url);
    expect(await rows(db)).toEqual({ datasets: 0, patients: 0, events: 0, items: 0, imports: 0 });
    const outcome = await importDataset(
      db,
      null,
      files.map((f) => openFile(f)),
    );
    expect(outcome).toMatchObject({ status: "imported", counts: { patients: PATIENTS } });
    if (outcome.status !== "imported") return;
    expect(await rows(db)).toEqual({ datasets: 1, patients: PATIENTS, events: PATIENTS * EVENTS, items: PATIENTS, imports: 1 });
    await db.$disconnect();
  });
});
