import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { authorizeAdjudication } from "@/lib/server/adjudication/access";
import { orRefusal, pageContext } from "@/lib/server/page";
import { CorrectedDownloads } from "@/components/adjudication/corrected-downloads";
import { correctedOverview } from "@/lib/server/adjudication/corrected-export";
import { adjudicationQueue } from "@/lib/server/adjudication/queue";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adjudication.queue"))("title") };
}

export default async function AdjudicatePage(props: { params: Promise<{ auditId: string }> }) {
  const { user, db } = await pageContext();
  const { auditId } = await props.params;
  const access = await orRefusal(authorizeAdjudication(db, user, auditId));
  const [{ audit, rows }, corrected, t, tc] = await Promise.all([
    adjudicationQueue(db, auditId),
    correctedOverview(db, auditId, access),
    getTranslations("adjudication.queue"),
    getTranslations("common"),
  ]);
  const done = rows.filter((r) => r.adjudicated).length;
  return (
    <>
      <p className="mb-2 text-sm"><Link href={access.organizer ? `/audits/${auditId}` : "/review"} className="text-teal-800 hover:underline">{t("back", { label: access.organizer ? audit.name : tc("nav.review") })}</Link></p>
      <PageHeader
        title={t("heading", { name: audit.name })}
        description={`${t("description", { count: rows.length, done })}${audit.status === "OPEN" ? t("openNote") : ""}`}
      />
      <section aria-labelledby="corrected-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="corrected-heading" className="text-sm font-semibold">{t("corrected")}</h2>
        <p className="mt-1 text-sm text-slate-600">{corrected ? t("correctedSummary", { changes: corrected.changes, removed: corrected.removed }) : t("unavailable")}</p>
        {!access.organizer && <p className="mt-1 text-sm text-slate-600">{t("changeLogOnly")}</p>}
        {corrected && <CorrectedDownloads auditId={auditId} initial={corrected} />}
      </section>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <table className="w-full rounded-lg bg-white text-sm shadow-sm" data-testid="adjudication-queue">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr><th scope="col" className="px-4 py-2">#</th><th scope="col" className="px-4 py-2">{t("item")}</th><th scope="col" className="px-4 py-2">{t("why")}</th><th scope="col" className="px-4 py-2">{t("status")}</th></tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.auditItemId}>
                <td className="px-4 py-2 tabular-nums text-slate-500">{r.sampleOrder}</td>
                <td className="px-4 py-2"><Link href={`/audits/${auditId}/adjudicate/${r.auditItemId}`} className="font-medium text-teal-800 hover:underline">{r.externalId}</Link> <span className="text-slate-500">{r.chapter}</span></td>
                <td className="px-4 py-2">{r.reasons.map((x) => t(`reason.${x}`)).join(t("reasonSeparator"))}</td>
                <td className="px-4 py-2">
                  {r.adjudicated ? <Badge tone="accent">{r.removed ? t("adjudicatedRemoved") : t("adjudicated")}</Badge> : r.complete || audit.status === "CLOSED" ? <Badge>{t("toDo")}</Badge> : <Badge tone="warning">{t("notFinished")}</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
