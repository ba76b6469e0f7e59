import { notFound, redirect } from "next/navigation";
import { auditItemTarget } from "@/lib/server/audits/queries";
import { pageContext } from "@/lib/server/page";

/** A sampled item of an audit, opened from the dashboard: the dataset's read-only item view. */
export default async function AuditItemPage(props: { params: Promise<{ auditId: string; auditItemId: string }> }) {
  const { db } = await pageContext("audits:manage");
  const { auditId, auditItemId } = await props.params;
  const target = await auditItemTarget(db, auditId, auditItemId);
  if (!target) notFound();
  redirect(`/datasets/${target.datasetId}/items/${target.itemId}`);
}
