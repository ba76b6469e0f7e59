// Property test of the cutoff and blinding invariants: for random synthetic datasets (random
// seed and size, plus events planted exactly at, just before and just after each cutoff),
// random audits, assignments and random ratings, comments and corrections by
// several clinicians, a clinician's review queue and loadCase never hold a record dated after
// the item's cutoff nor anything of another rater's; another rater's assignment is not found.
// Once the audit is closed, a clinician made its adjudicator sees every item's adjudication view
// with exactly the records up to that item's cutoff, and none of the corrected benchmark's data
// files (the whole dataset) — only its change log.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { generateEhrBundle, type EhrBundle } from "@/lib/synth";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadCase } from "@/tests/support/load-case";
import { drawAudit, importBenchmark, seedUsers } from "@/tests/support/world";
import { loadCasePage } from "@/lib/server/review/case-page";
import { parseRecord } from "@/lib/review/compact-record";
import { nextUnrated, reviewQueue } from "@/lib/server/review/queue";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { saveRating } from "@/lib/server/review/save-rating";
import { authorizeAdjudication } from "@/lib/server/adjudication/access";
import { correctedFileNames, correctedSummary, mayDownloadCorrected } from "@/lib/server/adjudication/corrected-export";
import { loadAdjudicationItem } from "@/lib/server/adjudication/load-item";
import { DATABASES, target } from "./databases";

const RUNS = 5;
const CLINICIANS = 4;
const SECOND = 1000;
const ms = (t: string) => Date.parse(/Z|[+-]\d\d:?\d\d$/.test(t) ? t : `${t}Z`);
const naive = (millis: number) => new Date(millis).toISOString().slice(0, 19);

/**
 * Events at, just before and just after every cutoff, written like the record's own times
 * (without a zone: a record may not mix the two; zones are cutoff-time-rule.test.ts's).
 */
function plantEdges(bundle: EhrBundle): void {
  for (const inst of bundle.instances) {
    const patient = bundle.patients.find((p) => p.patient_id === inst.patient_id)!;
    const cut = ms(inst.cutoff.time);
    const times = [naive(cut), naive(cut - SECOND), naive(cut + SECOND), naive(cut + 3600 * SECOND), naive(cut - 3600 * SECOND + SECOND)];
    times.forEach((time, k) => {
      const id = `EDGE-${inst.instance_id}-${k}`;
      patient.events.push({
        event_id: id,
        time,
        event_type: "clinical_note",
        name: "Edge",
        text: `TEXT-OF-${id}`,
      } as EhrBundle["patients"][number]["events"][number]);
    });
  }
}

/** A random synthetic dataset, its histories cut to a few dozen records (cited ones kept) for speed. */
function dataset(seed: string, patients: number, name: string): EhrBundle {
  const { bundle } = generateEhrBundle({ seed: `inv-${seed}`, size: "demo", patients, datasetName: name });
  const cited = new Set(bundle.instances.flatMap((i) => i.evidence_event_ids.map((e) => `${i.patient_id}/${e}`)));
  for (const p of bundle.patients) p.events = p.events.filter((e, k) => k % 6 === 0 || cited.has(`${p.patient_id}/${e.event_id}`));
  plantEdges(bundle);
  return bundle;
}

const scenario = fc.record({
  seed: fc.stringMatching(/^[a-z0-9]{1,8}$/),
  patients: fc.integer({ min: 2, max: 3 }),
  sample: fc.integer({ min: 1, max: 4 }),
  raters: fc.uniqueArray(fc.integer({ min: 0, max: CLINICIANS - 1 }), { minLength: 2, maxLength: CLINICIANS }),
  balanced: fc.boolean(),
  close: fc.boolean(),
  value: fc.nat(),
  actions: fc.array(
    fc.record({ who: fc.nat(), which: fc.nat(), kind: fc.constantFrom("rating", "comment", "correction"), value: fc.nat() }),
    { maxLength: 24 },
  ),
});

describe.each(DATABASES)("cutoff and blinding invariants on $name", (database) => {
  afterAll(() => database.dropAll());

  it(`${RUNS} random audits leak nothing`, { timeout: 240_000 }, async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    // Accounts that never sign in here: no password hashing (it dominated the run time).
    const { organizer, raters: clinicians } = await seedUsers(db, CLINICIANS, { signIn: false });
    let run = 0;

    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run++;
        const bundle = dataset(s.seed, s.patients, `inv-${run}`);
        const text = JSON.stringify(bundle);
        const datasetId = await importBenchmark(db, [{ name: "bundle.json", text }], { name: `inv-${run}` });
        const raters = s.raters.map((k) => clinicians[k]!);
        const { audit, assignments } = await drawAudit(
          db,
          { datasetId, organizerId: organizer.id, raterIds: raters.map((r) => r.id) },
          {
            items: Math.min(s.sample, bundle.instances.length),
            seed: s.seed,
            name: `A${run}`,
            design: s.balanced ? "BALANCED" : "FULLY_CROSSED",
            ratersPerItem: 2,
          },
        );
        const mine = new Map(raters.map((r) => [r.id, [] as string[]]));
        for (const a of assignments) mine.get(a.userId)!.push(a.id);

        // Each rater's actions; what they wrote is marked with their id, so any leak is visible.
        const secrets = new Map(raters.map((r) => [r.id, [] as string[]]));
        const ratings = new Map<string, Map<string, { category: string; version: number }>>();
        for (const [n, act] of s.actions.entries()) {
          const rater = raters[act.who % raters.length]!;
          const own = mine.get(rater.id)!;
          if (own.length === 0) continue;
          const assignmentId = own[act.which % own.length]!;
          const secret = `SECRET-${rater.id}-${n}`;
          if (act.kind === "rating") {
            const dim = DEFAULT_RUBRIC[act.value % 2]!;
            const byDim = ratings.get(assignmentId) ?? new Map();
            const version = byDim.get(dim.key)?.version ?? 0;
            const category = dim.categories[act.value % 3]!.key;
            expect(await saveRating(db, rater.id, { assignmentId, dimension: dim.key, category, expectedVersion: version })).toMatchObject({
              version: version + 1,
            });
            ratings.set(assignmentId, byDim.set(dim.key, { category, version: version + 1 }));
          } else if (act.kind === "comment") {
            const { comment } = (await loadCase(db, rater.id, assignmentId))!;
            expect(await saveComment(db, rater.id, { assignmentId, comment: secret, expectedVersion: comment.version })).toMatchObject({
              comment: secret,
            });
            secrets.get(rater.id)!.push(secret);
          } else {
            const current = (await loadCase(db, rater.id, assignmentId))!.corrections.find((c) => c.kind === "GOLD");
            const correction = { kind: "GOLD" as const, proposal: `${secret}-P`, newGold: "A", rationale: `${secret}-R` };
            expect(
              await saveCorrection(db, rater.id, {
                assignmentId,
                kind: "GOLD",
                turnOrder: 0,
                correction,
                expectedVersion: current?.version ?? 0,
              }),
            ).toMatchObject({ proposal: correction.proposal });
            secrets.get(rater.id)!.push(secret);
          }
        }
        if (s.close) {
          await setAuditStatus(db, organizer.id, audit.id, "close");
          // The adjudicator: one of the raters, or a clinician who rated nothing here.
          const adjudicator = clinicians[(s.value ?? 0) % CLINICIANS]!;
          await db.audit.update({ where: { id: audit.id }, data: { adjudicatorId: adjudicator.id } });
          const access = await authorizeAdjudication(db, { ...adjudicator, locale: "en" }, audit.id);
          expect(access).toMatchObject({ organizer: false });
          for (const { id } of await db.auditItem.findMany({ where: { auditId: audit.id }, select: { id: true } })) {
            const view = (await loadAdjudicationItem(db, audit.id, id))!;
            const inst = bundle.instances.find((i) => i.instance_id === view.item.externalId)!;
            const cutoff = ms(inst.cutoff.time);
            const events = bundle.patients.find((p) => p.patient_id === inst.patient_id)!.events;
            expect(view.events.map((e) => e.event.eventId).sort()).toEqual(
              events
                .filter((e) => ms(e.time) <= cutoff)
                .map((e) => e.event_id)
                .sort(),
            );
            const json = JSON.stringify(view);
            for (const e of events.filter((x) => ms(x.time) > cutoff && x.event_id.startsWith("EDGE-")))
              expect(json).not.toContain(`TEXT-OF-${e.event_id}`);
          }
          const files = correctedFileNames("ehr-decision-mcq-json");
          expect(files.filter((f) => mayDownloadCorrected(access, f))).toEqual(["changelog.json", "changelog.md"]);
          expect((await correctedSummary(db, audit.id, access))!.files).toEqual(["changelog.json", "changelog.md"]);
        }

        for (const rater of raters) {
          const othersSecrets = [...secrets].filter(([id]) => id !== rater.id).flatMap(([, list]) => list);
          const noLeak = (value: unknown) => {
            const json = JSON.stringify(value);
            for (const secret of othersSecrets) expect(json).not.toContain(secret);
          };
          const queue = (await reviewQueue(db, rater.id)).filter((q) => q.id === audit.id);
          noLeak(queue);
          expect(queue.flatMap((q) => q.items.map((i) => i.assignmentId)).sort()).toEqual([...mine.get(rater.id)!].sort());

          for (const assignmentId of mine.get(rater.id)!) {
            const c = (await loadCase(db, rater.id, assignmentId))!;
            noLeak(c);
            const inst = bundle.instances.find((i) => i.instance_id === c.item.externalId)!;
            const cutoff = ms(inst.cutoff.time);
            const events = bundle.patients.find((p) => p.patient_id === inst.patient_id)!.events;
            for (const e of c.events) expect(e.time.getTime()).toBeLessThanOrEqual(cutoff);
            // Exactly the records up to the cutoff: the check above is not vacuous.
            expect(c.events.map((e) => e.event.eventId).sort()).toEqual(
              events
                .filter((e) => ms(e.time) <= cutoff)
                .map((e) => e.event_id)
                .sort(),
            );
            for (const e of events.filter((x) => ms(x.time) > cutoff && x.event_id.startsWith("EDGE-")))
              expect(JSON.stringify(c)).not.toContain(`TEXT-OF-${e.event_id}`);
            // The case page's own path: the cached compact record, and the rest of its page.
            const page = (await loadCasePage(db, rater.id, assignmentId, { recordDir: null }))!;
            noLeak(page);
            expect(
              parseRecord(page.record!.json)
                .map((e) => e.eventId)
                .sort(),
            ).toEqual(c.events.map((e) => e.event.eventId).sort());
            for (const e of events.filter((x) => ms(x.time) > cutoff && x.event_id.startsWith("EDGE-")))
              expect(JSON.stringify(page)).not.toContain(`TEXT-OF-${e.event_id}`);
            // The page's place in the queue agrees with the queue, whatever the others rated.
            const items = queue[0]!.items;
            expect([page.position, page.size]).toEqual([items.find((i) => i.assignmentId === assignmentId)!.position, items.length]);
            expect(page.nextAssignmentId).toBe(nextUnrated(items, assignmentId)?.assignmentId ?? null);
            // And the case after it (both prefetched by the browser): never this one, never the next again.
            const following = page.nextAssignmentId && nextUnrated(items, page.nextAssignmentId)?.assignmentId;
            expect(page.followingAssignmentId).toBe(following && following !== assignmentId ? following : null);
            const own = [...(ratings.get(assignmentId) ?? new Map())].map(([dimension, r]) => ({
              dimension,
              category: r.category,
              version: r.version,
            }));
            expect([...c.ratings].sort((a, b) => a.dimension.localeCompare(b.dimension))).toEqual(
              own.sort((a, b) => a.dimension.localeCompare(b.dimension)),
            );
          }
          for (const [other, ids] of mine) {
            if (other === rater.id) continue;
            for (const id of ids) {
              expect(await loadCase(db, rater.id, id)).toBeNull();
              expect(await loadCasePage(db, rater.id, id, { recordDir: null })).toBeNull();
              await expect(
                saveRating(db, rater.id, { assignmentId: id, dimension: "gold", category: "correct", expectedVersion: 0 }),
              ).rejects.toThrow(/does not exist/);
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
    await db.$disconnect();
  });
});
