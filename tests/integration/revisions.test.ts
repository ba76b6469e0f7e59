// The revision summary from stored decisions, on a real database: counted over the audit's
// sampled items, carried by report.json/md/tex, revisions.csv, the paragraph, the change logs
// (changelog.json and changelog.md) and the reproducibility package.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { type Item, itemKey, type McqItem } from "@/lib/formats";
import { revisionSummary } from "@/lib/adjudication/revision-summary";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { extendAuditSample } from "@/lib/server/audits/extend-sample";
import { correctedManifest } from "@/lib/server/adjudication/corrected-cache";
import { correctedBenchmark, correctedOverview } from "@/lib/server/adjudication/corrected-export";
import { correctedState } from "@/lib/server/adjudication/corrected-state";
import { acceptedRevisions, auditRevisions } from "@/lib/server/adjudication/revisions";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { renderExport } from "@/lib/server/reports/export-files";
import { buildAudit } from "./backup-world";
import { DATABASES, target } from "./databases";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "revisions-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** `db`, with every findMany of one model shown to `seen` (its arguments) before it runs. */
function watched(db: Db, model: "item" | "correctionDecision", seen: (args: unknown) => void): Db {
  const delegate = new Proxy(db[model], {
    get: (d, key) => {
      const value = Reflect.get(d, key);
      if (key === "findMany") return (args: unknown) => (seen(args), value.call(d, args));
      return typeof value === "function" ? value.bind(d) : value;
    },
  });
  return new Proxy(db, {
    get: (t, key) => {
      if (key === model) return delegate;
      const value = Reflect.get(t, key);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

describe.each(DATABASES)("the revision summary on $name", (database) => {
  afterAll(() => database.dropAll());

  it("counts the one accepted gold fix over the six sampled items, everywhere the paper reads it", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    // Six sampled decision-point items; one GOLD correction accepted, one STEM correction rejected.
    const auditId = await buildAudit(db);
    const sampled = await db.auditItem.findMany({ where: { auditId }, select: { item: { select: { data: true } } } });
    const distractors = sampled.reduce((n, a) => n + (a.item.data as unknown as McqItem).options.length - 1, 0);

    const revisions = (await auditRevisions(db, auditId))!;
    expect(revisions.conversations).toBe(false);
    expect(revisions.summary).toEqual({
      items: 6,
      rows: [
        { kind: "question", count: 0, of: 6, share: 0 },
        { kind: "gold", count: 1, of: 6, share: 1 / 6 },
        { kind: "distractor", count: 0, of: distractors, share: 0 },
        { kind: "evidence", count: 0, of: 6, share: 0 },
        { kind: "removed", count: 0, of: 6, share: 0 },
      ],
    });

    const snapshot = (await loadAuditSnapshot(db, auditId))!;
    const extras = await loadExportExtras(db, snapshot);
    const json = JSON.parse(renderExport(snapshot, "report.json", extras)!);
    expect(json.revisions.rows[1]).toEqual({ kind: "gold", label: "gold answers corrected", count: 1, of: 6, share: 1 / 6 });
    expect(renderExport(snapshot, "report.md", extras)).toContain("| gold answers corrected | 1 | 6 | 16.7% |");
    expect(renderExport(snapshot, "report.tex", extras)).toContain("gold answers corrected & 1 & 6 & 16.7\\% \\\\");
    expect(renderExport(snapshot, "revisions.csv", extras)).toContain(`gold,gold answers corrected,1,6,${1 / 6}\n`);
    expect(renderExport(snapshot, "paragraph.txt", extras)).toContain(
      "Accepted corrections, as shares of the questions and options reviewed: gold answers corrected 16.7% (1 of 6).",
    );
    // Only what one file needs is loaded for it, and it is the same file.
    expect(renderExport(snapshot, "report.json", await loadExportExtras(db, snapshot, "report.json"))).toBe(
      renderExport(snapshot, "report.json", extras),
    );

    const corrected = (await correctedBenchmark(db, auditId, root))!;
    const log = JSON.parse(corrected.files.find((f) => f.name === "changelog.json")!.text());
    expect(log.revisions).toEqual(json.revisions);
    expect(corrected.files.find((f) => f.name === "changelog.md")!.text()).toContain("## Revisions (accepted corrections)");

    const pkg = (await buildAuditPackage(db, auditId))!;
    expect(pkg.entries.find((e) => e.name === "revisions.csv")!.content).toBe(renderExport(snapshot, "revisions.csv", extras));
  });

  it("the dashboard's paragraph summary: the same once a correction is accepted, nothing read before", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const auditId = await buildAudit(db);
    expect(await acceptedRevisions(db, auditId)).toEqual(await auditRevisions(db, auditId));
    // Kept while the decisions stay; another decision is another summary.
    expect(await acceptedRevisions(db, auditId)).toBe(await acceptedRevisions(db, auditId));
    const [one] = await db.correctionDecision.findMany({ where: { auditId }, take: 1 });
    await db.correctionDecision.update({ where: { id: one!.id }, data: { rationale: `${one!.rationale} (checked)` } });
    const again = await acceptedRevisions(db, auditId);
    expect(again).toEqual(await auditRevisions(db, auditId));
    await db.correctionDecision.updateMany({ where: { auditId }, data: { decision: "REJECTED" } });
    expect(await acceptedRevisions(db, auditId)).toBeNull();
    // The exports still count what was reviewed (zero corrections of six items).
    expect((await auditRevisions(db, auditId))!.summary.items).toBe(6);
    expect(await acceptedRevisions(db, "no-such-audit")).toBeNull();
    await db.$disconnect();
  });

  it("after a decision changes, reads only the items decisions name; the sample's denominators are kept until it grows", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const auditId = await buildAudit(db);
    // From scratch: every sampled item read, and the summary over all of them.
    const reference = async () => {
      const state = (await correctedState(db, auditId))!;
      const sampled = await db.auditItem.findMany({ where: { auditId }, select: { item: { select: { data: true } } } });
      const items = new Map(sampled.map((a) => [itemKey(a.item.data as unknown as Item), a.item.data as unknown as Item]));
      return revisionSummary(items, state.decisions);
    };
    const reads: unknown[] = [];
    const counted = watched(db, "item", (args) => reads.push(args));
    const sampleReads = () => reads.filter((args) => JSON.stringify(args).includes("auditItems")).length;

    expect((await acceptedRevisions(counted, auditId))!.summary).toEqual(await reference());
    expect(sampleReads()).toBe(1);
    const [one] = await db.correctionDecision.findMany({ where: { auditId }, take: 1 });
    await db.correctionDecision.update({ where: { id: one!.id }, data: { rationale: `${one!.rationale} (again)` } });
    reads.length = 0;
    expect((await acceptedRevisions(counted, auditId))!.summary).toEqual(await reference());
    expect(reads).toHaveLength(1); // the decided item, not the sample
    expect(sampleReads()).toBe(0);

    // A grown sample has other denominators: read again.
    const admin = (await db.user.findFirstOrThrow({ where: { role: { in: ["ORGANIZER", "ADMIN"] } }, select: { id: true } })).id;
    const size = await db.auditItem.count({ where: { auditId } });
    await setAuditStatus(db, admin, auditId, "open");
    await extendAuditSample(db, admin, { auditId, add: 2, fromSize: size });
    reads.length = 0;
    const grown = (await acceptedRevisions(counted, auditId))!.summary;
    expect(grown.items).toBe(size + 2);
    expect(grown).toEqual(await reference());
    expect(sampleReads()).toBe(1);
    await db.$disconnect();
  });

  it("the adjudication page reads the accepted corrections once for its files and its summary", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const auditId = await buildAudit(db);
    let reads = 0;
    const counted = watched(db, "correctionDecision", () => reads++);
    const state = correctedState(counted, auditId);
    const [overview, revisions] = await Promise.all([
      correctedOverview(counted, auditId, { organizer: true }, { root, state }),
      auditRevisions(counted, auditId, state),
    ]);
    expect(reads).toBe(1);
    expect(overview).toMatchObject({ changes: 1 });
    expect(revisions).toEqual(await auditRevisions(db, auditId));
    await correctedManifest(db, auditId, root); // the build the overview started, finished before the database goes
    await db.$disconnect();
  });
});
