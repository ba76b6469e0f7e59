import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AppError } from "@/lib/server/errors";
import { getLocale, getTranslations } from "@/lib/i18n/server";
import { CaseHeader } from "@/components/case/case-header";
import { CaseOpened } from "@/components/case/case-opened";
import { FindingsNotice } from "@/components/case/findings-notice";
import { ThreadPanel } from "@/components/discussion/thread-panel";
import { GuidelinesPanel } from "@/components/case/guidelines-panel";
import { guidelinesFor } from "@/lib/audits/guidelines";
import { ConversationWorkspace } from "@/components/case/conversation-workspace";
import { McqWorkspace } from "@/components/case/mcq-workspace";
import { RatingPanel } from "@/components/rubric/rating-panel";
import type { CorrectionKind } from "@/components/rubric/types";
import { turnData } from "@/lib/adjudication/turns";
import { itemRubricView, rubricTurns } from "@/lib/audits/item-dimensions";
import { localizeRubric } from "@/lib/audits/rubric";
import { compactRecord } from "@/lib/review/compact-record";
import { orRefusal, pageContext } from "@/lib/server/page";
import { requestAddress } from "@/lib/server/request-address";
import { loadCase } from "@/lib/server/review/case-page";
import { mcqViewModel, noteViewModel, turnViewModels } from "@/lib/server/review/view-model";
import { recordActiveTimeAction, saveCommentAction, saveCorrectionAction, saveRatingAction, setFlagAction } from "@/lib/actions/review";

/** An MCQ item always has a cutoff (the importer requires it); this only keeps the types honest. */
const EMPTY_RECORD = { json: JSON.stringify(compactRecord([])), etag: "empty" };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review.meta"))("case") };
}

export default async function CasePage(props: { params: Promise<{ assignmentId: string }> }) {
  const ctx = await pageContext("review:rate");
  const { assignmentId } = await props.params;
  // One read for the assignment and all it carries, one for the place in the queue; the record
  // comes from the per-item cache (lib/server/review/record-cache.ts) as compact JSON.
  // Rendered for the router (a prefetch of the next case, or a client navigation: Next's fetch
  // accepts anything, and headers() hides its own `RSC` header; nothing tells a prefetch from a
  // navigation): the data is logged as sent, the view when the browser shows the page
  // (CaseOpened). A document request (a browser's asks for text/html) is a view at once.
  const sent = !((await headers()).get("accept") ?? "").includes("text/html");
  const load = loadCase(ctx, assignmentId, { address: await requestAddress(), sent }).catch((error: unknown) => {
    // The rater's calibration round comes first (lib/server/calibration/gate.ts): practice instead.
    if (error instanceof AppError && error.catalog.key === "review.errors.calibrationFirst" && typeof error.body?.auditId === "string")
      redirect(`/review/calibration/${error.body.auditId}`);
    throw error;
  });
  const [review, locale, t, tr] = await Promise.all([
    orRefusal(load),
    getLocale(),
    getTranslations("rubric.turns"),
    getTranslations("rubric.perTurn"),
  ]);
  const { thread } = review;
  const closed = review.audit.status === "CLOSED";
  const item = review.item.data;
  const findings = review.findings;
  const guidelines = guidelinesFor(review.audit.guidelines, locale);
  // The turn pickers in the reader's words.
  const turns = turnData(item)?.map((turn) => ({
    ...turn,
    label: t(turn.turnType, { turn: turn.turnOrder, question: turn.questionStart }),
  }));

  // Nothing left to rate after this one: "n" opens the end of the queue (what is left to revisit).
  const nextHref = review.nextAssignmentId ? `/review/${review.nextAssignmentId}` : closed ? null : `/review/done/${review.audit.id}`;
  const rating = (
    <RatingPanel
      assignmentId={review.assignmentId}
      // Labels in the reader's language; the keys saved are the same.
      // Per-turn dimensions (conversations) become one question per turn, keyed "gold@t3".
      rubric={itemRubricView(localizeRubric(review.audit.rubric, locale), rubricTurns(item), (turn, label) => tr("label", { turn, label }))}
      ratings={review.ratings}
      comment={review.comment}
      corrections={review.corrections.map((c) => ({ ...c, kind: c.kind as CorrectionKind }))}
      optionLabels={item.kind === "mcq" ? item.options.map((o) => o.label) : ["A", "B", "C", "D", "E"]}
      {...(turns ? { turns } : {})}
      readOnly={closed}
      flagged={review.flagged}
      actions={{
        saveRating: saveRatingAction,
        saveComment: saveCommentAction,
        saveCorrection: saveCorrectionAction,
        setFlag: setFlagAction,
        recordActiveTime: recordActiveTimeAction,
      }}
      nextHref={nextHref}
      controls={guidelines ? <GuidelinesPanel auditId={review.audit.id} text={guidelines} /> : undefined}
    />
  );

  return (
    // Pulls the case into the page's vertical padding on wide screens: every pixel goes to the
    // case, the rating bar and the record (components/case/layout.ts).
    <div className="xl:-my-6">
      <CaseOpened
        assignmentId={review.assignmentId}
        stamp={review.stamp}
        logView={sent}
        // The next case and the one after, whole: `n` then shows one kept in the browser. Not one
        // that would bring this patient's records past this case's cutoff (loadCasePage), nor the
        // end of the queue: it lists what is left (flags, comments) and this case may change that.
        prefetch={review.prefetch.map((id) => `/review/${id}`)}
      />
      <CaseHeader
        auditName={review.audit.name}
        position={review.position}
        size={review.size ?? review.position}
        externalId={review.item.externalId}
        patient={review.item.patientExternalId}
        chapter={review.item.chapter}
        level={review.item.level}
        decisionPoint={review.item.decisionPoint}
        closed={closed}
      />
      {item.kind === "mcq" ? (
        <McqWorkspace
          item={mcqViewModel(item, review.item.timeZone)}
          // Inside the page, so that the first paint shows it. Fetched apart it was tried twice
          // (bench/README.md, 2026-12-06 and 2026-12-07): the record then came after hydration and a
          // fetch, and the page and its record cost the server as much as the page had.
          record={review.record ?? EMPTY_RECORD}
          rating={rating}
          notice={<FindingsNotice findings={findings} />}
        />
      ) : (
        <ConversationWorkspace
          category={item.qaCategory}
          turns={turnViewModels(item)}
          notes={review.notes.map((n) => noteViewModel(n.id, n.note))}
          rating={rating}
          notice={<FindingsNotice findings={findings} />}
        />
      )}
      {thread && thread.total > 0 && (
        <ThreadPanel auditId={review.audit.id} auditItemId={review.auditItemId} thread={thread} meId={ctx.user.id} canPost={false} />
      )}
    </div>
  );
}
