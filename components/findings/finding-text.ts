import type { getTranslations } from "@/lib/i18n/server";
import type { FindingView } from "@/lib/server/datasets/findings";

type Translate = Awaited<ReturnType<typeof getTranslations<"findings">>>;

const list = (v: unknown) => (Array.isArray(v) ? v.join(", ") : String(v ?? ""));

/** A finding in the reader's language, worded from its kind and detail (the stored message is English). */
export function findingText(t: Translate, f: Pick<FindingView, "kind" | "detail">): string {
  const d = f.detail;
  const turn = String(d.turnOrder ?? "");
  switch (f.kind) {
    case "duplicate_option":
      return d.gold
        ? t("text.duplicateGold", { turn, labels: list(d.labels), answer: String(d.answer ?? "") })
        : t("text.duplicate_option", { turn, labels: list(d.labels) });
    case "empty_question":
      return t("text.empty_question", { turn });
    case "empty_option":
      return t("text.empty_option", { turn, label: String(d.label ?? "") });
    case "unparseable_source_option":
      return t("text.unparseable_source_option", { turn, label: String(d.label ?? "") });
    case "missing_section":
      return t("text.missing_section", { turn, label: String(d.label ?? ""), headers: list(d.headers), note: String(d.noteNum ?? "") });
    case "num_notes_mismatch":
      return t("text.num_notes_mismatch", { declared: String(d.declared ?? ""), found: String(d.found ?? "") });
    case "no_note_text":
      return t("text.no_note_text");
    case "partial_date":
      return t("text.partial_date", { written: String(d.written ?? ""), placedAt: String(d.placedAt ?? ""), event: String(d.event ?? "") });
    case "note_text_unavailable":
      return t("text.note_text_unavailable", { event: String(d.event ?? ""), url: String(d.url ?? "") });
    case "gestational_age_unknown":
      return t("text.gestational_age_unknown", { patient: String(d.patient ?? "") });
    case "pregnancy_id_not_pregnancy":
      return t("text.pregnancy_id_not_pregnancy", { pregnancyId: String(d.pregnancyId ?? ""), names: String(d.names ?? "") });
  }
}
