// A long discussion thread, for the "Earlier messages" flow (e2e/discussion.spec.ts), written on the
// e2e server's own database like seed-ratings.ts:
//   node --conditions=react-server --import tsx e2e/support/seed-thread.ts <auditItemId> <count>
// `count` messages by the demo organizer, a minute apart and all older than the thread's first
// ("Old message 1" the oldest). Rows are written directly: posting hundreds through the page is
// not what the flow is about.
import { db } from "@/lib/db";

const [auditItemId, countText] = process.argv.slice(2);
const count = Number(countText);
if (!auditItemId || !Number.isInteger(count) || count < 1) throw new Error("usage: seed-thread.ts <auditItemId> <count>");
const database = db();
const organizer = await database.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
const item = await database.auditItem.findUniqueOrThrow({ where: { id: auditItemId }, select: { auditId: true } });
const first = await database.threadMessage.findFirst({
  where: { auditItemId },
  orderBy: { createdAt: "asc" },
  select: { createdAt: true },
});
const end = (first?.createdAt ?? new Date()).getTime() - 60_000;
await database.threadMessage.createMany({
  data: Array.from({ length: count }, (_, i) => ({
    auditId: item.auditId,
    auditItemId,
    authorId: organizer.id,
    text: `Old message ${i + 1}`,
    createdAt: new Date(end - (count - 1 - i) * 60_000),
  })),
});
await database.$disconnect();
