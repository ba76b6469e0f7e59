// The one world factory of the integration tests: a benchmark imported, an organizer and raters
// created, an audit drawn, assigned and opened — each step through the app's own server functions
// (the calls the pages make), so a test starts from a state the app itself could reach.
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import type { Db } from "@/lib/db/client";
import { assignClinicians } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { createUser } from "@/lib/server/users/create-user";
import { USER_PUBLIC_FIELDS } from "@/lib/server/users/user-fields";

/** The decision-point example bundle (one patient, one item). */
export const EXAMPLE_BENCHMARK = fs.readFileSync(path.resolve("lib/formats/__fixtures__/ehr-decision-mcq.example.json"), "utf8");

export type BenchmarkFiles = string | { name: string; text: string }[];

/** Imports benchmark files (one text is one file "b.json") as a dataset; returns its id. */
export async function importBenchmark(db: Db, files: BenchmarkFiles = EXAMPLE_BENCHMARK): Promise<string> {
  const list = typeof files === "string" ? [{ name: "b.json", text: files }] : files;
  const imported = await importDataset(
    db,
    null,
    list.map(({ name, text }) => ({
      name,
      open: async function* () {
        yield text;
      },
    })),
  );
  if (imported.status !== "imported") throw new Error(`import failed: ${JSON.stringify(imported)}`);
  return imported.datasetId;
}

type Role = "ADMIN" | "ORGANIZER" | "CLINICIAN";

/**
 * Creates one user, `name@example.org` (its display name too), through the app (password "long-enough-password" hashed,
 * trail written) — or, with `signIn: false`, a bare row that cannot sign in, for tests with so
 * many raters that hashing their passwords would dominate.
 */
export async function seedUser(db: Db, name: string, role: Role, { signIn = true } = {}) {
  const email = `${name}@example.org`;
  if (!signIn) return db.user.create({ data: { email, name: email, role, passwordHash: "-" }, select: USER_PUBLIC_FIELDS });
  return (await createUser(db, null, { email, name: email, role, password: "long-enough-password" })).user;
}

/** The organizer `org@example.org` and the raters: a count (`r0`, `r1`, …) or their names. */
export async function seedUsers(db: Db, raters: number | string[] = 1, options: { signIn?: boolean } = {}) {
  const names = typeof raters === "number" ? Array.from({ length: raters }, (_, i) => `r${i}`) : raters;
  const organizer = await seedUser(db, "org", "ORGANIZER", options);
  const clinicians = [];
  for (const name of names) clinicians.push(await seedUser(db, name, "CLINICIAN", options));
  return { organizer, raters: clinicians };
}

export interface SeedAuditOptions {
  /** The benchmark imported (default: the decision-point example bundle). */
  benchmark?: BenchmarkFiles;
  /** A number of raters (`r0@example.org`, …) or their names (`a` → `a@example.org`); default 1. */
  raters?: number | string[];
  /** Default true; false makes accounts that cannot sign in (fast, see seedUser). */
  signIn?: boolean;
  /** Audit size: a number of items, or every item of the dataset; default 1. */
  items?: number | "all";
  /** Default "open"; "closed" is opened, then closed. */
  status?: "draft" | "open" | "closed";
  seed?: string;
  name?: string;
  strata?: ("chapter" | "level")[];
  reviewOrder?: "per-rater" | "shared";
  design?: "FULLY_CROSSED" | "BALANCED";
  ratersPerItem?: number;
}

/** One audit, assigned to every rater, in the status asked for. Assignments are in sample order. */
export async function seedAudit(db: Db, o: SeedAuditOptions = {}) {
  const datasetId = await importBenchmark(db, o.benchmark);
  const { organizer, raters } = await seedUsers(db, o.raters, { signIn: o.signIn });
  const size = o.items === "all" ? await db.item.count({ where: { datasetId } }) : (o.items ?? 1);
  const audit = await createAudit(db, organizer.id, {
    name: o.name ?? "T",
    datasetId,
    size,
    seed: o.seed ?? "7",
    strata: o.strata ?? [],
    rubric: DEFAULT_RUBRIC,
    ...(o.reviewOrder && { reviewOrder: o.reviewOrder }),
  });
  const clinicianIds = raters.map((r) => r.id);
  await assignClinicians(db, organizer.id, {
    auditId: audit.id,
    clinicianIds,
    design: o.design ?? "FULLY_CROSSED",
    ...(o.ratersPerItem && { ratersPerItem: o.ratersPerItem }),
  });
  const status = o.status ?? "open";
  if (status !== "draft") await setAuditStatus(db, organizer.id, audit.id, "open");
  const assignments = await db.assignment.findMany({
    where: { auditId: audit.id },
    orderBy: [{ auditItem: { sampleOrder: "asc" } }, { userId: "asc" }],
    select: { id: true, userId: true, auditItemId: true },
  });
  /** The assignment of a rater (by id) to the audit's n-th item (sample order, from 0). */
  const assignmentOf = (userId: string, n = 0) => {
    const found = assignments.filter((a) => a.userId === userId)[n];
    if (!found) throw new Error(`no assignment ${n} for ${userId}`);
    return found;
  };
  if (status === "closed") await setAuditStatus(db, organizer.id, audit.id, "close");
  return { datasetId, organizer, raters, audit, assignments, assignmentOf };
}
