import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "@/lib/i18n/server";
import { ConversationWorkspace } from "@/components/case/conversation-workspace";
import { FindingsNotice } from "@/components/case/findings-notice";
import { McqWorkspace } from "@/components/case/mcq-workspace";
import { Badge } from "@/components/ui/badge";
import { pageContext } from "@/lib/server/page";
import { itemFindings } from "@/lib/server/datasets/findings";
import { itemDetail } from "@/lib/server/datasets/item-detail";
import { requestAddress } from "@/lib/server/request-address";
import { eventViewModel, mcqViewModel, noteViewModel, turnViewModels } from "@/lib/server/review/view-model";
import { Card } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("datasets.item"))("metaTitle") };
}

export default async function ItemPage(props: { params: Promise<{ datasetId: string; itemId: string }> }) {
  const { user, db } = await pageContext("datasets:manage");
  const { datasetId, itemId } = await props.params;
  const [detail, findings, t, tv] = await Promise.all([
    itemDetail(db, datasetId, itemId, { userId: user.id, address: await requestAddress() }),
    itemFindings(db, datasetId, itemId),
    getTranslations("datasets.item"),
    getTranslations("datasets"),
  ]);
  if (!detail) notFound();
  const item = detail.data;
  const note = (
    <Card as="p" className="text-sm text-slate-600">
      {detail.laterEvents > 0 ? t("readOnlyLater", { count: detail.laterEvents }) : t("readOnly")}
    </Card>
  );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <Link href={`/datasets/${datasetId}`} className="text-teal-800 hover:underline">
          ← {tv("version", { name: detail.dataset.name, version: detail.dataset.version })}
        </Link>
        <span className="font-mono text-xs">{detail.externalId}</span>
        <span className="text-slate-600">{t("patient", { id: detail.patient.externalId })}</span>
        {detail.chapter && <Badge>{detail.chapter}</Badge>}
        {detail.level && <Badge>{detail.level}</Badge>}
        {detail.decisionPoint !== null && <Badge>{tv("items.decisionPoint", { value: detail.decisionPoint })}</Badge>}
      </div>
      <FindingsNotice findings={findings} />
      {item.kind === "mcq" ? (
        <McqWorkspace item={mcqViewModel(item)} events={detail.events.map((e) => eventViewModel(e.id, e.event))} rating={note} />
      ) : (
        <ConversationWorkspace
          category={item.qaCategory}
          turns={turnViewModels(item)}
          notes={detail.notes.map((n) => noteViewModel(n.id, n.note))}
          rating={note}
        />
      )}
    </>
  );
}
