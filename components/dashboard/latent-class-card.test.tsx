// Server-render tests of the latent-class card's interval line: the interval once it is kept for
// the report's ratings; until then that it is being computed, with the time left once measured, in
// both languages. A fit the ratings do not determine (it did not converge, or it set apart two raters
// who can trade places) is flagged as not for reporting.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { bootstrapMeanPosterior } from "@/lib/agreement/latent-class";
import { mirroredAudit, unconvergedAudit } from "@/lib/reports/__fixtures__/unsettled-audits";
import { smallAudit } from "@/lib/reports/__fixtures__/small-audit";
import { computeAuditReport } from "@/lib/reports/compute";
import type { Locale } from "@/lib/i18n/locales";
import { latentIntervalTasks } from "@/lib/reports/latent-class";
import { shownReport } from "@/lib/reports/shown";
import type { AuditSnapshot } from "@/lib/reports/types";
import { withIntl } from "@/tests/support/intl";
import { LatentClassCard } from "./latent-class-card";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

const html = (el: ReactElement, locale: Locale = "en") =>
  renderToString(withIntl(el, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");

function card(s: AuditSnapshot, remainingMs: number | null | undefined, locale: Locale = "en", waiting = false) {
  const gold = shownReport(computeAuditReport(s)).dimensions.find((d) => d.key === "gold")!;
  const line = html(
    <LatentClassCard dimension={gold} itemHref={(id) => `/items/${id}`} remainingMs={remainingMs} waiting={waiting} />,
    locale,
  );
  return /data-testid="latent-interval-gold">([^<]*)</.exec(line)![1];
}

describe("the latent-class card's interval", () => {
  it("says it is being computed, with the minutes left once measured", () => {
    expect(card(smallAudit(), null)).toBe(
      "The item-bootstrap interval (10,000 refits) is being computed; this page shows it when it is ready.",
    );
    expect(card(smallAudit(), 150_000)).toBe(
      "The item-bootstrap interval (10,000 refits) is being computed (about 3 min left); this page shows it when it is ready.",
    );
    expect(card(smallAudit(), 5_000)).toMatch(/about 1 min left/);
    expect(card(smallAudit(), 150_000, "zh-CN")).toBe("条目自助法区间（重新拟合 10,000 次）正在计算（约剩 3 分钟）；算好后本页会显示。");
  });

  it("says when it waits for the ratings to be still", () => {
    expect(card(smallAudit(), null, "en", true)).toBe(
      "The item-bootstrap interval (10,000 refits) is computed once the ratings have been still for a while (it starts over when they change); this page shows it when it is ready.",
    );
    expect(card(smallAudit(), null, "zh-CN", true)).toMatch(/^条目自助法区间（重新拟合 10,000 次）将在评分一段时间内不再变化后计算/);
  });

  it("shows the interval once it is kept for these ratings", () => {
    const s = smallAudit();
    const task = latentIntervalTasks(s).find((t) => t.dimension === "gold")!;
    const { values, ...interval } = bootstrapMeanPosterior(task.model, task.e, task.settings);
    const kept = { ...s, latentIntervals: [{ dimension: "gold", inputs: task.inputs, interval, values }] };
    expect(card(kept, undefined)).toMatch(/^95% item-bootstrap interval \d+\.\d% to \d+\.\d% \(10,000 refits\)\.$/);
    // Kept for other ratings: not shown.
    const other = { ...kept, latentIntervals: [{ ...kept.latentIntervals[0]!, inputs: "0".repeat(64) }] };
    expect(card(other, null)).toMatch(/is being computed/);
  });
});

describe("a fit the ratings do not determine", () => {
  const note = (s: AuditSnapshot, locale: Locale) => {
    const gold = shownReport(computeAuditReport(s)).dimensions.find((d) => d.key === "gold")!;
    const page = html(<LatentClassCard dimension={gold} itemHref={(id) => `/items/${id}`} />, locale);
    return /data-testid="latent-unsettled-gold">([^<]*)</.exec(page)?.[1] ?? null;
  };
  const noInterval = "No item-bootstrap interval: refitting a fit these ratings do not determine would not make its estimate any firmer.";

  it("one that did not converge is flagged, in both languages", () => {
    const s = unconvergedAudit();
    expect(note(s, "en")).toMatch(
      /^The fit did not converge: at the limit of 1,000,000 iterations it was still moving, so the numbers below are where the limit stopped it, not where these ratings lead\. Look at them; do not report them\./,
    );
    expect(note(s, "zh-CN")).toMatch(/^拟合未收敛：到迭代上限 1,000,000 次时仍在变化，.*请勿报告。/);
    // No interval: none is computed for it.
    expect(card(s, null)).toBe(noInterval);
  });

  it("one that set apart two raters who can trade places is flagged, in both languages", () => {
    const s = mirroredAudit();
    expect(note(s, "en")).toMatch(
      /^R1 and R2 can trade places in these ratings \(.*\), yet the fit set them apart: .* Look at them; do not report them\./,
    );
    expect(note(s, "zh-CN")).toMatch(/^在这些评分中，R1 与 R2 可以互换位置.*请勿报告。/);
    expect(card(s, null)).toBe(noInterval);
  });

  it("a settled fit is not flagged", () => {
    expect(note(smallAudit(), "en")).toBeNull();
  });
});
