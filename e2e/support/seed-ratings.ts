// Ratings with a history, for the agreement-over-time flow (e2e/over-time.spec.ts), written on the
// e2e server's own database like seed-audit.ts:
//   node --conditions=react-server --import tsx e2e/support/seed-ratings.ts rate <auditId>
//   node --conditions=react-server --import tsx e2e/support/seed-ratings.ts close-and-share <auditId>
// "rate": every assignment rated in queue order over three hours ending now,
// four minutes an item, every rater agreeing with the item's answer but for one dissent in every
// six items; on the gold dimension clinician 3 answers differently on 40 % of the
// second half (drift), and spends half the time there. The guidelines are saved just before the
// second half (the trail event is written with that time: a browser cannot save in the past).
// Rows are written directly because their times are the point; the rest goes through the server.
import { parseRubric } from "@/lib/audits/rubric";
import { db } from "@/lib/db";
import { setAuditStatus, setShareResults } from "@/lib/server/audits/set-status";

const [op, auditId] = process.argv.slice(2);
if (!auditId) throw new Error("usage: seed-ratings.ts rate|close-and-share <auditId>");
const database = db();
const organizer = await database.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });

if (op === "close-and-share") {
  await setAuditStatus(database, organizer.id, auditId, "close");
  await setShareResults(database, organizer.id, auditId, true);
} else if (op === "rate") {
  const audit = await database.audit.findUniqueOrThrow({ where: { id: auditId }, select: { rubric: true } });
  const rubric = parseRubric(audit.rubric);
  const assignments = await database.assignment.findMany({
    where: { auditId, active: true },
    select: {
      id: true,
      auditItemId: true,
      reviewPosition: true,
      auditItem: { select: { sampleOrder: true } },
      user: { select: { email: true } },
    },
  });
  const raters = [1, 2, 3].map((n) => `clinician${n}@demo.clinaudit`);
  // What a rater answers follows the item, so the raters agree item by item as clinicians do: an
  // item's index is its place in clinician 1's queue. When a rater answers follows their own queue
  // (the same as clinician 1's unless the audit shuffles each rater's order). Keyed by each rater's
  // own place instead, a shuffled audit's raters answered independently of each other: noise, on
  // which a latent-class fit does not settle in a third of the runs (issue #30).
  const place = (a: (typeof assignments)[number]) => a.reviewPosition ?? a.auditItem.sampleOrder;
  const rank = <K>(entries: [K, number][]) => new Map([...entries].sort((x, y) => x[1] - y[1]).map(([key], r) => [key, r] as const));
  const itemIndex = rank(assignments.filter((a) => a.user.email === raters[0]).map((a) => [a.auditItemId, place(a)]));
  const queueIndex = rank([...new Set(assignments.map(place))].map((p) => [p, p]));
  const n = itemIndex.size;
  const start = Date.now() - 3 * 60 * 60_000;
  const half = Math.floor(n / 2);
  const rows: { assignmentId: string; dimension: string; category: string; createdAt: Date; updatedAt: Date }[] = [];
  for (const a of assignments) {
    const i = itemIndex.get(a.auditItemId)!;
    const t = queueIndex.get(place(a))!;
    const g = raters.indexOf(a.user.email);
    const at = new Date(start + t * 4 * 60_000 + g * 20_000);
    for (const d of rubric) {
      const q = d.categories.length;
      // Every run of six items alike (one with the second category, one with a dissent by a
      // rater taking turns): windows of six hold the same agreement, whatever their place.
      const truth = i % 6 === 3 ? 1 : 0;
      let k = i % 6 === 0 && g === Math.floor(i / 6) % 3 ? (truth + 1) % q : truth;
      if (d.key === "gold" && g === 2 && t >= half && t % 5 < 2) k = (k + 1) % q;
      rows.push({ assignmentId: a.id, dimension: d.key, category: d.categories[k]!.key, createdAt: at, updatedAt: at });
    }
    const slow = g === 2 && t >= half ? 0.5 : 1;
    await database.assignment.update({
      where: { id: a.id },
      data: { activeMs: Math.round((90_000 + (t % 4) * 15_000) * slow), lastActivityAt: at },
    });
  }
  await database.rating.createMany({ data: rows });
  const editedAt = new Date(start + half * 4 * 60_000 - 60_000);
  const guidelines = { en: "Judge the gold answer against the record up to the cutoff only." };
  await database.audit.update({ where: { id: auditId }, data: { guidelines } });
  await database.auditEvent.create({
    data: { at: editedAt, actorId: organizer.id, action: "audit.guidelines", entity: "Audit", entityId: auditId, after: guidelines },
  });
} else throw new Error(`unknown operation ${op}`);
await database.$disconnect();
