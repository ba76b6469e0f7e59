import { getTranslations } from "@/lib/i18n/server";
import { findingText } from "@/components/findings/finding-text";
import type { FindingView } from "@/lib/server/datasets/findings";

/**
 * Data-quality findings of the item on screen (duplicate options, an empty stem, …), shown above
 * the question to reviewers and organizers so the audit can rate them. Nothing when there are none.
 */
export async function FindingsNotice({ findings }: { findings: readonly FindingView[] }) {
  if (findings.length === 0) return null;
  const t = await getTranslations("findings");
  return (
    <section
      aria-labelledby="findings-notice"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="findings-notice"
    >
      <h2 id="findings-notice" className="font-semibold">
        {t("notice.heading", { count: findings.length })}
      </h2>
      <p className="mt-1 text-amber-900">{t("notice.intro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {findings.map((f) => (
          <li key={f.id}>
            <span className="font-medium">{t(`kinds.${f.kind}`)}</span>: {findingText(t, f)}{" "}
            <span className="font-mono text-xs text-amber-800">{f.location}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
