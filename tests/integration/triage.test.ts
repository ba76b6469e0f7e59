// The triage list on both engines (issue #34 part 3): an audit's items ranked by how many models
// disagree with the gold and, once rated, by the latent-class P(error) read from the kept report;
// filtered by stratum and paged on the server; its CSV logged in the access log; a dataset's list
// before any audit. A rater asking for the page or the CSV gets the forbidden answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { computeAuditReport } from "@/lib/reports";
import { stratumOf } from "@/lib/sampling";
import { flushAccessLog } from "@/lib/server/access-log/log";
import { modelDisagreementFrame } from "@/lib/server/audits/model-strata";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveRating } from "@/lib/server/review/save-rating";
import { auditTriage } from "@/lib/server/triage/audit-triage";
import { datasetTriage } from "@/lib/server/triage/dataset-triage";
import { rankedFor, triagePage } from "@/lib/triage/table";
import { clinician, fake, resetFakes } from "@/tests/support/guards";
import { drawAudit } from "@/tests/support/world";
import { DATABASES, freshDb } from "./databases";
import { team, world } from "./model-guided-world";

const real = vi.hoisted(() => ({ db: null as unknown }));
vi.mock("@/lib/i18n/server", async () => {
  const { createFormatter, createTranslator } = await import("use-intl/core");
  const { MESSAGES } = await import("@/lib/i18n/messages");
  const getTranslations = async (namespace?: string) =>
    createTranslator({ locale: "en", messages: MESSAGES.en, namespace: namespace as never });
  return { getTranslations, getLocale: async () => "en", getFormatter: async () => createFormatter({ locale: "en" }) };
});
vi.mock("next/navigation", async () => (await import("@/tests/support/guards")).mocks.navigation());
vi.mock("@/lib/server/auth/current-user", async () => {
  const guards = await import("@/tests/support/guards");
  const requireUser = async () => guards.fake.user!;
  const { can } = await import("@/lib/auth/permissions");
  const { forbidden } = await import("next/navigation");
  return {
    ...guards.mocks.session(),
    requireUser,
    requirePermission: async (p: never) => (can(guards.fake.user!.role, p) ? guards.fake.user! : forbidden()),
  };
});
vi.mock("@/lib/db", () => ({ db: () => real.db }));

const { GET: auditCsv } = await import("@/app/api/audits/[auditId]/triage/route");
const { GET: datasetCsv } = await import("@/app/api/datasets/[datasetId]/triage/route");
const { default: AuditTriagePage } = await import("@/app/audits/[auditId]/triage/page");
const { default: DatasetTriagePage } = await import("@/app/datasets/[datasetId]/triage/page");
const { default: AuditPage } = await import("@/app/audits/[auditId]/page");

const PARAMS = { page: 1, pageSize: 50, filters: {} as Record<string, string> };
const get = (path: string) => new Request(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } });

/** Each row's disagreement never rises down the default order (ties: P(error), then id). */
function descending(values: (number | null)[]): boolean {
  return values.every((v, i) => i === 0 || (values[i - 1] ?? -1) >= (v ?? -1));
}

/** The props of the first element of a rendered tree that `match` accepts. */
function findProps(node: unknown, match: (props: Record<string, unknown>) => boolean): Record<string, unknown> | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findProps(child, match);
      if (found) return found;
    }
    return null;
  }
  const props = (node as { props?: Record<string, unknown> } | null)?.props;
  if (!props) return null;
  return match(props) ? props : findProps(props.children, match);
}

describe.each(DATABASES)("the triage list on $name", (database) => {
  let db: Db;
  let w: Awaited<ReturnType<typeof world>>;
  let auditId: string;
  let organizer: typeof clinician;
  beforeAll(async () => {
    db = await freshDb(database);
    real.db = db;
    w = await world(db);
    const { audit } = await drawAudit(db, team(w), {
      name: "Triage",
      items: 12,
      seed: "triage",
      modelGuided: { predictionSetId: w.setId, allocation: { rule: "oversample", factor: 3 } },
      ratersPerItem: 2,
    });
    auditId = audit.id;
    organizer = { id: w.organizer, email: "org@example.org", name: "Org", role: "ORGANIZER", locale: "en" };
  }, 120_000);
  afterAll(async () => {
    await db.$disconnect();
    await database.dropAll();
  }, 60_000);
  beforeEach(() => {
    resetFakes();
    real.db = db;
  });

  it("ranks the sample by model disagreement before any rating, with the recorded strata", async () => {
    const triage = (await auditTriage(db, auditId))!;
    const { items } = await modelDisagreementFrame(db, w.datasetId, w.setId);
    const counts = new Map(items.map((i) => [i.id, i]));
    const stored = await db.auditItem.findMany({ where: { auditId }, select: { id: true, modelStratum: true } });
    expect(triage.predictionSet?.id).toBe(w.setId);
    expect(triage.rows).toHaveLength(12);
    for (const r of triage.rows) {
      expect([r.models, r.disagreeing]).toEqual([counts.get(r.externalId)!.models, counts.get(r.externalId)!.disagreeing]);
      expect(r.stratum).toBe(stored.find((s) => s.id === r.id)!.modelStratum);
      expect(r.pError).toBeNull();
    }
    const ranked = rankedFor(triage.rows, PARAMS);
    expect(descending(ranked.map((r) => r.disagreeing))).toBe(true);
    expect(ranked[0]!.disagreeing).toBeGreaterThan(ranked.at(-1)!.disagreeing!);
  });

  it("once rated, ranks by the kept report's latent-class P(error), filters by stratum and pages", async () => {
    const strata = new Map(
      (await db.auditItem.findMany({ where: { auditId }, select: { id: true, modelStratum: true } })).map((i) => [i.id, i.modelStratum]),
    );
    for (const rater of w.raters) {
      const [queue] = await reviewQueue(db, rater);
      for (const item of queue!.items) {
        const a = await db.assignment.findUniqueOrThrow({ where: { id: item.assignmentId }, select: { auditItemId: true } });
        const category = strata.get(a.auditItemId) === "most" ? "incorrect" : "correct";
        await saveRating(db, rater, { assignmentId: item.assignmentId, dimension: "gold", category, expectedVersion: 0 });
      }
    }
    const triage = (await auditTriage(db, auditId))!;
    expect(triage.dimension).toBe("gold");
    // The same posteriors as a report computed here from the stored ratings.
    const report = computeAuditReport((await loadAuditSnapshot(db, auditId))!);
    const lc = report.dimensions.find((d) => d.key === "gold")!.latentClass!;
    const e = lc.categories.indexOf("incorrect");
    for (const r of triage.rows) expect(r.pError).toBe(lc.items.find((i) => i.itemId === r.id)!.posterior[e]);
    const byP = rankedFor(triage.rows, { ...PARAMS, sort: { id: "pError", desc: true } });
    expect(descending(byP.map((r) => r.pError))).toBe(true);
    const most = triage.rows.filter((r) => r.stratum === "most").length;
    expect(most).toBeGreaterThan(0);
    expect(byP.slice(0, most).every((r) => r.stratum === "most" && r.majority === "incorrect")).toBe(true);
    const filtered = triagePage(triage.rows, { ...PARAMS, pageSize: 25, filters: { stratum: "most" } });
    expect(filtered.total).toBe(most);
    const second = triagePage(triage.rows, { ...PARAMS, page: 2, pageSize: 25 });
    expect(second).toEqual({ rows: [], total: 12 });
    const five = triagePage(triage.rows, { ...PARAMS, page: 2, pageSize: 5 as never });
    expect(five.rows.map((r) => r.rank)).toEqual([6, 7, 8, 9, 10]);
  });

  it("shows the report before, said so, while the latest ratings' report is computed; the download waits", async () => {
    const before = (await auditTriage(db, auditId, undefined, { orLatest: true }))!;
    expect(before.asOf).toBeNull();
    const rater = w.raters[0]!;
    const [queue] = await reviewQueue(db, rater);
    const assignmentId = queue!.items[0]!.assignmentId;
    const rating = await db.rating.findFirstOrThrow({ where: { assignmentId, dimension: "gold" } });
    const category = rating.category === "correct" ? "incorrect" : "correct";
    await saveRating(db, rater, { assignmentId, dimension: "gold", category, expectedVersion: rating.version });
    // The page: the list of the report before, with its time, without waiting for the thread.
    const shown = (await auditTriage(db, auditId, undefined, { orLatest: true, waitMs: 0 }))!;
    expect(shown.asOf).toEqual(expect.any(String));
    expect(shown.rows).toEqual(before.rows);
    // The download (and the page once computed): the latest ratings' list.
    const current = (await auditTriage(db, auditId))!;
    expect(current.asOf).toBeNull();
    expect(current.rows).not.toEqual(before.rows);
    expect((await auditTriage(db, auditId, undefined, { orLatest: true }))!.asOf).toBeNull();
  });

  it("lists a dataset's items by its predictions' disagreement", async () => {
    const triage = (await datasetTriage(db, w.datasetId))!;
    const { items } = await modelDisagreementFrame(db, w.datasetId, w.setId);
    expect(triage.rows).toHaveLength(items.length);
    const ranked = rankedFor(triage.rows, PARAMS);
    expect(descending(ranked.map((r) => r.disagreeing))).toBe(true);
    expect(ranked[0]!.stratum).toBe(stratumOf(ranked[0]!.models!, ranked[0]!.disagreeing!));
    const filtered = rankedFor(triage.rows, { ...PARAMS, filters: { stratum: "none" } });
    expect(filtered.length).toBe(items.filter((i) => i.models > 0 && i.disagreeing === 0).length);
  });

  it("refuses a rater the page and the CSV as any forbidden page, and logs an organizer's download", async () => {
    const rater = { ...clinician, id: w.raters[0]! };
    fake.user = rater;
    const props = { params: Promise.resolve({ auditId }), searchParams: Promise.resolve({}) };
    await expect(AuditTriagePage(props)).rejects.toThrow("NEXT_HTTP_ERROR_FALLBACK;403");
    // The audit page, which shows the model-guided design, refuses a rater the same way.
    await expect(AuditPage(props)).rejects.toThrow("NEXT_HTTP_ERROR_FALLBACK;403");
    const dataset = { params: Promise.resolve({ datasetId: w.datasetId }), searchParams: Promise.resolve({}) };
    await expect(DatasetTriagePage(dataset)).rejects.toThrow("NEXT_HTTP_ERROR_FALLBACK;403");
    for (const [route, path, params] of [
      [auditCsv, `/api/audits/${auditId}/triage`, { auditId }],
      [datasetCsv, `/api/datasets/${w.datasetId}/triage`, { datasetId: w.datasetId }],
    ] as const) {
      const response = await (route as (r: Request, n: unknown) => Promise<Response>)(get(path), { params: Promise.resolve(params) });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "FORBIDDEN" });
    }

    fake.user = organizer;
    const response = await auditCsv(get(`/api/audits/${auditId}/triage?sort=-pError&stratum=most`), {
      params: Promise.resolve({ auditId }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("rank,item,sample_order,stratum,models,models_disagreeing,majority,p_error");
    expect(lines.slice(1).every((l) => l.split(",")[3] === "most")).toBe(true);
    expect(
      (await datasetCsv(get(`/api/datasets/${w.datasetId}/triage`), { params: Promise.resolve({ datasetId: w.datasetId }) })).status,
    ).toBe(200);
    await flushAccessLog(db);
    const logged = await db.accessEvent.findMany({ where: { action: "download.triage" }, orderBy: { at: "asc" } });
    expect(logged.map((e) => [e.userId, e.auditId, e.datasetId])).toEqual([
      [w.organizer, auditId, w.datasetId],
      [w.organizer, null, w.datasetId],
    ]);
    expect(JSON.parse(logged[0]!.detail!)).toEqual({ file: "triage-gold.csv", items: lines.length - 1 });
    // The organizer's page: one page of rows, the rater's refusal above was not a broken page.
    const table = findProps(await AuditTriagePage(props), (p) => "strata" in p && "rows" in p);
    expect(table).toMatchObject({ total: 12, sampled: true });
    expect((table!.rows as { href: string }[])[0]!.href).toMatch(new RegExp(`^/audits/${auditId}/adjudicate/`));
  });
});
