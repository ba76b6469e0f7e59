// Property test of the one time rule (lib/formats README): for random records whose times carry
// random UTC offsets or none, read in a random dataset zone, and whose cutoffs sometimes differ in
// kind from their events, (1) a record mixing times with and without an offset is refused,
// located, and nothing is written; (2) otherwise loadCase shows exactly the events at or before
// the cutoff instant — never one after it. Instants are computed here independently of the
// importer: Date.parse for times with an offset, and for wall-clock times the instant whose
// Intl rendering in the zone is that wall time (dates are kept away from DST changes).
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { loadCase } from "@/tests/support/load-case";
import { drawAudit, seedUsers } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

const ZONES = ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"];
const MINUTE = 60_000;

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");
const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
const wallText = (ms: number, sep: string) => new Date(ms).toISOString().slice(0, 19).replace("T", sep);

/** The instant that `zone` shows as this wall time (as-if-UTC ms), by search over whole-minute offsets. */
function wallInstant(wall: number, zone: string): number {
  const f = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const shown = (t: number) => {
    const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    return Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}Z`);
  };
  for (let o = -14 * 60; o <= 14 * 60; o++) if (shown(wall - o * MINUTE) === wall) return wall - o * MINUTE;
  throw new Error(`no instant for ${new Date(wall).toISOString()} in ${zone}`);
}

/** A time as written: with an offset (the instant is fixed, the wall time follows), or a wall time. */
interface Written {
  text: string;
  instant: number;
  offset: boolean;
}

function write(wall: number, offsetMinutes: number | null, zone: string, sep: string): Written {
  if (offsetMinutes === null) return { text: wallText(wall, sep), instant: wallInstant(wall, zone), offset: false };
  return { text: `${wallText(wall, sep)}${offsetText(offsetMinutes)}`, instant: wall - offsetMinutes * MINUTE, offset: true };
}

const offsetMinutes = fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15));
const recordSpec = fc.record({
  offsets: fc.boolean(), // the record's events carry offsets
  cutoffDiffers: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
  oneEventDiffers: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
  // Event wall times in minutes around the cutoff's wall time, each with its own offset.
  events: fc.array(fc.record({ minutes: fc.integer({ min: -20 * 60, max: 20 * 60 }), offset: offsetMinutes }), {
    minLength: 1,
    maxLength: 12,
  }),
  cutoffOffset: offsetMinutes,
  sep: fc.constantFrom("T", " "),
});
const scenario = fc.record({
  zone: fc.constantFrom(...ZONES),
  // 10–20 January or July: no zone here changes its offset then.
  day: fc.integer({ min: 10, max: 20 }),
  month: fc.constantFrom(0, 6),
  records: fc.array(recordSpec, { minLength: 1, maxLength: 3 }),
});

describe.each(DATABASES)("one time rule for cutoffs on $name", (database) => {
  afterAll(() => database.dropAll());

  it("no event after the cutoff instant is ever shown; mixed records are refused", { timeout: 240_000 }, async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db: Db = createDb(url);
    const { organizer, raters } = await seedUsers(db, 2, { signIn: false });
    let run = 0;
    let refused = 0;
    let accepted = 0;

    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run++;
        const base = Date.UTC(2033, s.month, s.day, 12, 0);
        const mixed: boolean[] = [];
        const truth = new Map<string, { cutoff: number; events: Map<string, number> }>();
        const patients = s.records.map((r, k) => {
          const id = `P${k + 1}`;
          const kinds = r.events.map((_, j) =>
            r.oneEventDiffers && j === r.events.length - 1 && r.events.length > 1 ? !r.offsets : r.offsets,
          );
          const events = r.events.map((e, j) => ({
            id: `E${j + 1}`,
            w: write(base + e.minutes * MINUTE, kinds[j] ? e.offset : null, s.zone, r.sep),
          }));
          const cutoff = write(base, (r.cutoffDiffers ? !r.offsets : r.offsets) ? r.cutoffOffset : null, s.zone, r.sep);
          mixed.push(new Set([...kinds, cutoff.offset]).size > 1);
          truth.set(`I${k + 1}`, { cutoff: cutoff.instant, events: new Map(events.map((e) => [e.id, e.w.instant])) });
          return {
            patient: {
              patient_id: id,
              events: events.map((e) => ({
                event_id: e.id,
                time: e.w.text,
                event_type: "clinical_note",
                name: "Note",
                text: `TEXT-${id}-${e.id}`,
              })),
            },
            instance: {
              instance_id: `I${k + 1}`,
              patient_id: id,
              cutoff: { time: cutoff.text },
              decision_point_index: 1,
              chapter: "c",
              rule_id: "R1",
              evidence_level: "L1",
              question: "Next?",
              options: [
                { label: "A", text: "a" },
                { label: "B", text: "b" },
              ],
              answer: "A",
              evidence_event_ids: [],
            },
          };
        });
        const bundle = {
          format: "ehr-decision-mcq",
          format_version: "1.0",
          dataset: { name: `t${run}` },
          patients: patients.map((p) => p.patient),
          instances: patients.map((p) => p.instance),
        };
        const text = JSON.stringify(bundle, null, 1);
        const before = await db.dataset.count();
        const imported = await importDataset(
          db,
          organizer.id,
          [
            {
              name: "b.json",
              open: async function* () {
                yield text;
              },
            },
          ],
          { name: `t${run}`, timeZone: s.zone },
        );

        if (mixed.some(Boolean)) {
          refused++;
          expect(imported.status).toBe("invalid");
          if (imported.status !== "invalid") return;
          expect(imported.issues.length).toBeGreaterThan(0);
          for (const issue of imported.issues)
            expect(issue).toMatchObject({
              file: "b.json",
              field: expect.stringMatching(/^(patients\[\d+\]\.events\[\d+\]|instances\[\d+\]\.cutoff)\.time$/),
              line: expect.any(Number),
            });
          expect(imported.issues.map((i) => i.message).join("\n")).toMatch(
            /has (a|no) UTC offset, but ".+" \(b\.json .+\) of the same patient has (none|one)/,
          );
          expect(await db.dataset.count()).toBe(before);
          return;
        }
        accepted++;
        expect(imported.status).toBe("imported");
        if (imported.status !== "imported") throw new Error(JSON.stringify(imported));
        const team = { datasetId: imported.datasetId, organizerId: organizer.id, raterIds: raters.map((r) => r.id) };
        const drawn = await drawAudit(db, team, { items: "all", seed: "s", name: `A${run}`, ratersPerItem: 2 });
        const assignments = drawn.assignments.filter((a) => a.userId === raters[0]!.id);
        expect(assignments).toHaveLength(bundle.instances.length);
        for (const { id } of assignments) {
          const c = (await loadCase(db, raters[0]!.id, id))!;
          const t = truth.get(c.item.externalId)!;
          expect(c.item.cutoffTime?.getTime()).toBe(t.cutoff);
          const shown = c.events.map((e) => e.event.eventId);
          for (const e of c.events) expect(e.time.getTime()).toBe(t.events.get(e.event.eventId));
          expect(shown.sort()).toEqual(
            [...t.events]
              .filter(([, instant]) => instant <= t.cutoff)
              .map(([eid]) => eid)
              .sort(),
          );
          const json = JSON.stringify(c);
          for (const [eid, instant] of t.events)
            if (instant > t.cutoff) expect(json).not.toContain(`TEXT-${c.item.patientExternalId}-${eid}"`);
        }
      }),
      { numRuns: 30 },
    );
    // Both outcomes were exercised.
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
    await db.$disconnect();
  });
});
