import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "@/lib/i18n/server";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { pageContext } from "@/lib/server/page";
import { listAudits } from "@/lib/server/audits/queries";
import { Card } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audits.list"))("title") };
}

const STATUS_TONE = { DRAFT: "neutral", OPEN: "accent", CLOSED: "warning" } as const;

export default async function AuditsPage() {
  const { db } = await pageContext("audits:manage");
  const [audits, t] = await Promise.all([listAudits(db), getTranslations("audits")]);
  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <>
            <Link href="/audits/agreement" className={buttonVariants({ variant: "secondary" })}>
              {t("list.agreementTool")}
            </Link>
            <Link href="/audits/new" className={buttonVariants()}>
              {t("list.new")}
            </Link>
          </>
        }
      />
      {audits.length === 0 ? (
        <EmptyState>{t("list.empty")}</EmptyState>
      ) : (
        <Card as="ul" padding="none" raised className="divide-y divide-slate-100">
          {audits.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Link href={`/audits/${a.id}`} className="font-medium text-teal-800 hover:underline">
                {a.name}
              </Link>
              <Badge tone={STATUS_TONE[a.status]}>{t(`status.${a.status}`)}</Badge>
              <span className="text-sm text-slate-600">
                {t("list.summary", {
                  items: a._count.items,
                  clinicians: a.clinicians,
                  dataset: a.dataset.name,
                  version: a.dataset.version,
                })}
              </span>
              {/* ISO date: the same in every language. */}
              <span className="ml-auto text-sm text-slate-500">{a.createdAt.toISOString().slice(0, 10)}</span>
            </li>
          ))}
        </Card>
      )}
    </>
  );
}
