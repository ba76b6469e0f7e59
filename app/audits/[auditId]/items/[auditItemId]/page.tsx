import { notFound, redirect } from "next/navigation";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";

/** A sampled item of an audit, opened from the dashboard: the dataset's read-only item view. */
export default async function AuditItemPage(props: { params: Promise<{ auditId: string; auditItemId: string }> }) {
  await requirePermission("audits:manage");
  const { auditId, auditItemId } = await props.params;
  const row = await db().auditItem.findFirst({ where: { id: auditItemId, auditId }, select: { item: { select: { id: true, datasetId: true } } } });
  if (!row) notFound();
  redirect(`/datasets/${row.item.datasetId}/items/${row.item.id}`);
}
