import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "@/lib/i18n/server";
import { PracticePanel } from "@/components/calibration/practice-panel";
import { PracticeResult } from "@/components/calibration/practice-result";
import { ConversationWorkspace } from "@/components/case/conversation-workspace";
import { McqWorkspace } from "@/components/case/mcq-workspace";
import { itemRubricView, rubricTurns } from "@/lib/audits/item-dimensions";
import { localizeRubric } from "@/lib/audits/rubric";
import { compactRecord } from "@/lib/review/compact-record";
import { loadPractice } from "@/lib/server/calibration/practice";
import { orRefusal, pageContext } from "@/lib/server/page";
import { mcqViewModel, noteViewModel, turnViewModels } from "@/lib/server/review/view-model";

const EMPTY_RECORD = { json: JSON.stringify(compactRecord([])), etag: "empty" };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("calibration.practice"))("title") };
}

/**
 * A rater's practice round in the case screen: the practice item with its record up to the cutoff,
 * the questions of the rubric, and after each answer the key and rationale. When the round is
 * done (and no item is asked for), the result.
 */
export default async function PracticePage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user, db } = await pageContext("review:rate");
  const { auditId } = await props.params;
  const search = await props.searchParams;
  const asked = typeof search.item === "string" && /^[1-9][0-9]{0,2}$/.test(search.item) ? Number(search.item) : undefined;
  const page = await orRefusal(loadPractice(db, user.id, auditId, asked));
  if (!page) redirect("/review");
  const [locale, t, tr] = await Promise.all([getLocale(), getTranslations("calibration.practice"), getTranslations("rubric.perTurn")]);
  const { state } = page;
  if (!page.item) return <PracticeResult auditName={page.audit.name} state={state} auditId={auditId} />;
  const item = page.item.data;
  const questions = itemRubricView(localizeRubric(page.audit.rubric, locale), rubricTurns(item), (turn, label) =>
    tr("label", { turn, label }),
  ).map((d) => ({ key: d.key, label: d.label, categories: d.categories.map((c) => ({ key: c.key, label: c.label })) }));
  const last = page.position >= page.total;
  const nextHref = last ? `/review/calibration/${auditId}` : `/review/calibration/${auditId}?item=${page.position + 1}`;
  const panel = (
    <PracticePanel
      key={`${state.roundId}-${page.calibrationItemId}`}
      auditId={auditId}
      calibrationItemId={page.calibrationItemId}
      questions={questions}
      answer={page.answer}
      nextHref={nextHref}
      last={last}
    />
  );
  const intro = (
    <p className="rounded-md border border-teal-200 bg-teal-50 px-3 py-2 text-sm text-teal-900" data-testid="practice-intro">
      {t("intro")}
    </p>
  );
  return (
    <div className="xl:-my-6">
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm whitespace-nowrap xl:h-6">
        <Link href="/review" className="text-teal-800 hover:underline">
          {page.audit.name}
        </Link>
        <span className="font-semibold text-slate-900" data-testid="practice-heading">
          {t("heading", { position: page.position, total: page.total })}
        </span>
        <span className="text-slate-600">{t("round", { number: state.round })}</span>
        <span className="font-mono text-xs text-slate-500">{page.item.externalId}</span>
      </div>
      {item.kind === "mcq" ? (
        <McqWorkspace item={mcqViewModel(item, page.item.timeZone)} record={page.record ?? EMPTY_RECORD} rating={panel} notice={intro} />
      ) : (
        <ConversationWorkspace
          category={item.qaCategory}
          turns={turnViewModels(item)}
          notes={page.notes.map((n) => noteViewModel(n.id, n.note))}
          rating={panel}
          notice={intro}
        />
      )}
    </div>
  );
}
