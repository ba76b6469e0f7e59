// The one world factory of the integration tests: a benchmark imported, an organizer and raters
// created, an audit drawn, assigned and opened — each step through the app's own server functions
// (the calls the pages make), so a test starts from a state the app itself could reach.
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_RUBRIC, type Rubric } from "@/lib/audits/rubric";
import type { Db } from "@/lib/db/client";
import { assignClinicians } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { type ImportFile, importDataset } from "@/lib/server/datasets/import-dataset";
import { createUser } from "@/lib/server/users/create-user";
import { USER_PUBLIC_FIELDS } from "@/lib/server/users/user-fields";

/** The decision-point example bundle (one patient, one item). */
export const EXAMPLE_BENCHMARK = fs.readFileSync(path.resolve("lib/formats/__fixtures__/ehr-decision-mcq.example.json"), "utf8");

/** One text (a file "b.json"), or files: texts, or as the importer takes them (read from disk by openFile). */
export type BenchmarkFiles = string | ({ name: string; text: string } | ImportFile)[];

/** Imports benchmark files as one dataset, named `name` if given; returns its id. */
export async function importBenchmark(
  db: Db,
  files: BenchmarkFiles = EXAMPLE_BENCHMARK,
  { name }: { name?: string } = {},
): Promise<string> {
  const list: ImportFile[] =
    typeof files === "string" ? [textFile("b.json", files)] : files.map((f) => ("text" in f ? textFile(f.name, f.text) : f));
  const imported = await importDataset(db, null, list, { name });
  if (imported.status !== "imported") throw new Error(`import failed: ${JSON.stringify(imported).slice(0, 300)}`);
  return imported.datasetId;
}

function textFile(name: string, text: string): ImportFile {
  return {
    name,
    open: async function* () {
      yield text;
    },
  };
}

type Role = "ADMIN" | "ORGANIZER" | "CLINICIAN";

/** Every account seedUser creates signs in with this password. */
export const SEED_PASSWORD = "long-enough-password";

export interface SeedUserOptions {
  /** Default true; false makes a bare row that cannot sign in (fast). */
  signIn?: boolean;
  /** The display name from the account's name (default: its email), for tests where the two must differ. */
  displayName?: (name: string) => string;
}

/**
 * Creates one user, `name@example.org`, through the app (SEED_PASSWORD hashed, trail written) —
 * or, with `signIn: false`, a bare row that cannot sign in, for tests with so many raters that
 * hashing their passwords would dominate.
 */
export async function seedUser(db: Db, name: string, role: Role, { signIn = true, displayName }: SeedUserOptions = {}) {
  const email = `${name}@example.org`;
  const shown = displayName ? displayName(name) : email;
  if (!signIn) return db.user.create({ data: { email, name: shown, role, passwordHash: "-" }, select: USER_PUBLIC_FIELDS });
  return (await createUser(db, null, { email, name: shown, role, password: SEED_PASSWORD })).user;
}

/** The organizer `org@example.org` and the raters: a count (`r0`, `r1`, …) or their names. */
export async function seedUsers(db: Db, raters: number | string[] = 1, options: SeedUserOptions = {}) {
  const names = typeof raters === "number" ? Array.from({ length: raters }, (_, i) => `r${i}`) : raters;
  const organizer = await seedUser(db, "org", "ORGANIZER", options);
  const clinicians = [];
  for (const name of names) clinicians.push(await seedUser(db, name, "CLINICIAN", options));
  return { organizer, raters: clinicians };
}

/** The audit seedAudit and drawAudit make. */
export interface AuditOptions {
  /** Audit size: a number of items, or every item of the dataset; default 1. */
  items?: number | "all";
  /** Default "open"; "closed" is opened, then closed. */
  status?: "draft" | "open" | "closed";
  /** Default true; false leaves the draft audit unassigned (for a test of assigning). */
  assign?: boolean;
  seed?: string;
  name?: string;
  strata?: ("chapter" | "level")[];
  rubric?: Rubric;
  /** Stratified by model disagreement (a prediction set of the dataset) instead of `strata`. */
  modelGuided?: Parameters<typeof createAudit>[2]["modelGuided"];
  reviewOrder?: "per-rater" | "shared";
  design?: "FULLY_CROSSED" | "BALANCED";
  ratersPerItem?: number;
}

export interface SeedAuditOptions extends AuditOptions, SeedUserOptions {
  /** The benchmark imported (default: the decision-point example bundle). */
  benchmark?: BenchmarkFiles;
  /** A number of raters (`r0@example.org`, …) or their names (`a` → `a@example.org`); default 1. */
  raters?: number | string[];
}

/** One audit, assigned to every rater, in the status asked for. Assignments are in sample order. */
export async function seedAudit(db: Db, o: SeedAuditOptions = {}) {
  const datasetId = await importBenchmark(db, o.benchmark);
  const { organizer, raters } = await seedUsers(db, o.raters, { signIn: o.signIn, displayName: o.displayName });
  const drawn = await drawAudit(db, { datasetId, organizerId: organizer.id, raterIds: raters.map((r) => r.id) }, o);
  return { datasetId, organizer, raters, ...drawn };
}

/**
 * seedAudit's audit of a dataset imported already, by accounts that exist already: for a test
 * with several audits in one database (a property test's runs, a bench's worlds).
 */
export async function drawAudit(db: Db, team: { datasetId: string; organizerId: string; raterIds: string[] }, o: AuditOptions = {}) {
  const { datasetId, organizerId } = team;
  const size = o.items === "all" ? await db.item.count({ where: { datasetId } }) : (o.items ?? 1);
  const audit = await createAudit(db, organizerId, {
    name: o.name ?? "T",
    datasetId,
    size,
    seed: o.seed ?? "7",
    strata: o.strata ?? [],
    rubric: o.rubric ?? DEFAULT_RUBRIC,
    ...(o.modelGuided && { modelGuided: o.modelGuided }),
    ...(o.reviewOrder && { reviewOrder: o.reviewOrder }),
  });
  if (o.assign !== false)
    await assignClinicians(db, organizerId, {
      auditId: audit.id,
      clinicianIds: team.raterIds,
      design: o.design ?? "FULLY_CROSSED",
      ...(o.ratersPerItem && { ratersPerItem: o.ratersPerItem }),
    });
  const status = o.status ?? "open";
  if (status !== "draft") await setAuditStatus(db, organizerId, audit.id, "open");
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
  if (status === "closed") await setAuditStatus(db, organizerId, audit.id, "close");
  return { audit, assignments, assignmentOf };
}
