// Server-render checks: the viewer must render without window/ResizeObserver, window its
// rows from estimated heights, and keep the DOM bounded however long the history is.
// No DOM library is installed, so scrolling and measuring are exercised in a real browser
// instead (e2e/viewer.spec.ts: pinned header, jumps, search, filter holding the row).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { EhrViewer } from "./ehr-viewer";
import { buildDemoEvents, DEMO_CUTOFF_LABEL, demoEvidenceIds } from "./fixtures";
import type { ViewerEvent } from "./types";

/** Element count of an HTML string (opening tags). */
const countNodes = (html: string) => (html.match(/<[a-zA-Z]/g) ?? []).length;

function render(events: ViewerEvent[], evidence: string[] = demoEvidenceIds(events), locale: Locale = "en") {
  // React separates adjacent text with <!-- --> markers; they are not elements, drop them for matching.
  return renderToString(
    withIntl(<EhrViewer events={events} evidenceEventIds={evidence} cutoffLabel={DEMO_CUTOFF_LABEL} />, locale),
  ).replaceAll("<!-- -->", "");
}

describe("EhrViewer (server render)", () => {
  it("renders the accessible shell", () => {
    const html = render(buildDemoEvents({ count: 100 }));
    expect(html).toContain('aria-label="Patient record up to the decision cutoff"');
    expect(html).toMatch(/<h2[^>]*>Patient record<\/h2>/);
    expect(html).toContain('aria-label="Jump to date"');
    expect(html).toContain('role="search"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toMatch(/<div[^>]*tabindex="0"[^>]*role="region"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*Lab/);
  });

  it("shows day headers with date and GA, events with time, type text and flags", () => {
    const html = render(buildDemoEvents({ count: 100 }));
    expect(html).toContain("Mon 6 Jan 2031");
    expect(html).toContain("8+0 wk");
    expect(html).toMatch(/<h3[^>]*>.*Mon 6 Jan 2031/);
    expect(html).toMatch(/<time dateTime="2031-01-06T\d\d:\d\d:00"/);
    expect(html).toMatch(/>(Lab|Note|Vital sign|Ultrasound)</);
  });

  const flagged: ViewerEvent[] = [
    {
      id: "a",
      eventId: "E1",
      time: "2031-08-18T10:02:00",
      gaDays: 228,
      visitId: "V1",
      type: "lab_test",
      name: "Total bile acids",
      measurement: { name: "Total bile acids", value: 23.4, unit: "µmol/L", refLow: null, refHigh: 10, flag: "H" },
      items: [],
      text: null,
    },
    {
      id: "b",
      eventId: "E2",
      time: "2031-08-18T10:30:00",
      gaDays: 228,
      visitId: "V1",
      type: "clinical_note",
      name: "产前检查记录",
      measurement: null,
      items: [],
      text: "孕32周，皮肤瘙痒1周，夜间加重。\n无腹痛。",
    },
  ];

  it("renders measurement, range and flag as text, and the end marker", () => {
    const html = render(flagged, ["E1"]);
    expect(html).toContain("23.4 µmol/L");
    expect(html).toContain("(≤ 10)");
    expect(html).toMatch(/H<span aria-hidden="true"> ▲<\/span><span class="sr-only"> \(high\)<\/span>/);
    expect(html).toContain("Evidence");
    expect(html).toContain("Mon 18 Aug 2031");
    expect(html).toContain("32+4 wk");
    expect(html).toContain("孕32周，皮肤瘙痒1周，夜间加重。\n无腹痛。");
    expect(html).toContain(`Record ends at the decision cutoff: ${DEMO_CUTOFF_LABEL}`);
  });

  it("speaks Simplified Chinese: chrome, types, flags, GA and dates, the record text as written", () => {
    const html = render(flagged, ["E1"], "zh-CN");
    expect(html).toContain('aria-label="决策截止时间之前的患者病历"');
    expect(html).toMatch(/<h2[^>]*>患者病历<\/h2>/);
    expect(html).toContain(`截至决策截止时间共 2 条记录 · ${DEMO_CUTOFF_LABEL}`);
    expect(html).toContain('placeholder="搜索名称、数值、记录内容…"');
    expect(html).toContain('aria-label="跳转到日期"');
    expect(html).toMatch(/>检验<\/span>/);
    expect(html).toMatch(/>病程记录<\/span>/);
    // The flag keeps its text and glyph; screen readers hear the reader's word.
    expect(html).toMatch(/H<span aria-hidden="true"> ▲<\/span><span class="sr-only"> \(偏高\)<\/span>/);
    expect(html).toContain("★</span>证据");
    expect(html).toContain("孕32+4周");
    expect(html).toContain("2031年8月18日");
    expect(html).toContain("10:02");
    expect(html).toContain("孕32周，皮肤瘙痒1周，夜间加重。\n无腹痛。");
    expect(html).toContain(`病历截止于决策截止时间：${DEMO_CUTOFF_LABEL}`);
    // The cutoff label is the caller's; no other text or label is left in English.
    const words = [...html.replaceAll(DEMO_CUTOFF_LABEL, "").matchAll(/>([^<]+)<|(?:aria-label|title|placeholder)="([^"]*)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(words.filter((w) => /Patient|record|Evidence|event|Lab|Note|wk|Search|Jump|Days/.test(w ?? ""))).toEqual([]);
  });

  it("tells screen readers each event's position among all of them (most are not in the DOM)", () => {
    const events = buildDemoEvents({ count: 5000 });
    const html = render(events);
    const positions = [...html.matchAll(/<article[^>]*aria-posinset="(\d+)" aria-setsize="(\d+)"/g)];
    expect(positions.length).toBeGreaterThan(3);
    expect(positions.map((m) => Number(m[1]))).toEqual(positions.map((_, i) => i + 1));
    expect(new Set(positions.map((m) => m[2]))).toEqual(new Set(["5000"]));
  });

  it("handles an empty record", () => {
    const html = render([]);
    expect(html).toContain("Record ends at the decision cutoff");
    expect(html).toContain("No events before the decision cutoff.");
    expect(html).toContain("0 events");
  });

  it("keeps the DOM bounded: 100 vs 5,000 events", () => {
    const small = countNodes(render(buildDemoEvents({ count: 100 })));
    const big = countNodes(render(buildDemoEvents({ count: 5000 })));
    console.info(`SSR element count: 100 events → ${small}, 5,000 events → ${big}`);
    expect(small).toBeLessThan(1500);
    expect(big).toBeLessThan(1500);
    // The window, not the history, sets the size.
    expect(big).toBeLessThan(small * 2);
  });

  it("renders only a window of events, not all 5,000", () => {
    const html = render(buildDemoEvents({ count: 5000 }));
    const articles = (html.match(/<article/g) ?? []).length;
    expect(articles).toBeGreaterThan(3);
    expect(articles).toBeLessThan(80);
    expect(html).not.toContain("Record ends at the decision cutoff");
  });
});
