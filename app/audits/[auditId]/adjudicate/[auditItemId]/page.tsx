import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "@/lib/i18n/server";
import { AdjudicationPanel, type AdjudicationCorrection } from "@/components/adjudication/adjudication-panel";
import { ConversationWorkspace } from "@/components/case/conversation-workspace";
import { McqWorkspace } from "@/components/case/mcq-workspace";
import { ThreadPanel } from "@/components/discussion/thread-panel";
import { questionMajorities } from "@/lib/adjudication/final-labels";
import { turnData } from "@/lib/adjudication/turns";
import { itemDimensions, itemRubricView, rubricTurns } from "@/lib/audits/item-dimensions";
import { localizeRubric } from "@/lib/audits/rubric";
import { orRefusal, pageContext } from "@/lib/server/page";
import { loadAdjudicationCase } from "@/lib/server/adjudication/load-pages";
import { requestAddress } from "@/lib/server/request-address";
import { eventViewModel, mcqViewModel, noteViewModel, turnViewModels } from "@/lib/server/review/view-model";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adjudication.item"))("title") };
}

export default async function AdjudicateItemPage(props: { params: Promise<{ auditId: string; auditItemId: string }> }) {
  const ctx = await pageContext();
  const { auditId, auditItemId } = await props.params;
  const [data, t, td, tRubric, locale] = await Promise.all([
    orRefusal(loadAdjudicationCase(ctx, auditId, auditItemId, await requestAddress())),
    getTranslations("adjudication"),
    getTranslations("discussion"),
    getTranslations("rubric"),
    getLocale(),
  ]);
  const item = data.item.data;
  // Turn pickers in the reader's words.
  const turns = turnData(item)?.map((turn) => ({
    ...turn,
    label: t(`panel.turnLabel.${turn.turnType}`, { turn: turn.turnOrder, question: turn.questionStart }),
  }));
  // What the raters were asked, keyed like their ratings: per turn on per-turn dimensions ("gold@t3").
  const itemTurns = rubricTurns(item);
  const majority = questionMajorities(
    itemDimensions(data.rubric, itemTurns),
    data.raters.flatMap((r) => r.ratings),
  );
  const corrections: AdjudicationCorrection[] = data.raters.flatMap((r) =>
    r.corrections.map((c) => ({
      id: c.id,
      kind: c.kind as AdjudicationCorrection["kind"],
      turnOrder: c.turnOrder,
      proposal: c.proposal,
      newGold: c.newGold,
      rationale: c.rationale,
      proposedBy: `${r.label} · ${r.user.name}`,
      decided: c.decision
        ? { decision: c.decision.decision as "ACCEPTED", applied: c.decision.applied as never, rationale: c.decision.rationale }
        : null,
    })),
  );
  const panel = (
    <AdjudicationPanel
      auditId={auditId}
      auditItemId={auditItemId}
      rubric={itemRubricView(localizeRubric(data.rubric, locale), itemTurns, (turn, label) => tRubric("perTurn.label", { turn, label }))}
      raters={data.raters.map((r) => ({
        label: r.label,
        name: r.user.name,
        comment: r.comment,
        flagged: r.flagged,
        ratings: Object.fromEntries(r.ratings.map((x) => [x.dimension, x.category])),
      }))}
      majority={majority}
      corrections={corrections}
      optionLabels={item.kind === "mcq" ? item.options.map((o) => o.label) : ["A", "B", "C", "D", "E"]}
      {...(turns ? { turns } : {})}
      existing={
        data.adjudication
          ? { finalLabels: data.adjudication.finalLabels as Record<string, string>, rationale: data.adjudication.rationale }
          : null
      }
      nextHref={data.nextAuditItemId ? `/audits/${auditId}/adjudicate/${data.nextAuditItemId}` : null}
    />
  );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <Link href={`/audits/${auditId}/adjudicate`} className="text-teal-800 hover:underline">
          {t("item.back", { name: data.audit.name })}
        </Link>
        <span className="font-medium">{t("item.heading", { order: data.sampleOrder })}</span>
        <span className="font-mono text-xs">{data.item.externalId}</span>
        <a href="#discussion" className="text-teal-800 hover:underline">
          {td("jump", { count: data.thread.total })}
        </a>
      </div>
      {item.kind === "mcq" ? (
        <McqWorkspace item={mcqViewModel(item)} events={data.events.map((e) => eventViewModel(e.id, e.event))} rating={panel} />
      ) : (
        <ConversationWorkspace
          category={item.qaCategory}
          turns={turnViewModels(item)}
          notes={data.notes.map((n) => noteViewModel(n.id, n.note))}
          rating={panel}
        />
      )}
      <ThreadPanel auditId={auditId} auditItemId={auditItemId} thread={data.thread} meId={ctx.user.id} canPost={data.canPost} />
    </>
  );
}
