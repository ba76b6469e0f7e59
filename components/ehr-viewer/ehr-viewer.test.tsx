// Server-render checks: the viewer must render without window/ResizeObserver, window its
// rows from estimated heights, and keep the DOM bounded however long the history is.
// No DOM library is installed, so scrolling and measuring are not exercised here.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EhrViewer } from "./ehr-viewer";
import { buildDemoEvents, DEMO_CUTOFF_LABEL, demoEvidenceIds } from "./fixtures";
import type { ViewerEvent } from "./types";

/** Element count of an HTML string (opening tags). */
const countNodes = (html: string) => (html.match(/<[a-zA-Z]/g) ?? []).length;

function render(events: ViewerEvent[], evidence: string[] = demoEvidenceIds(events)) {
  // React separates adjacent text with <!-- --> markers; they are not elements, drop them for matching.
  return renderToString(<EhrViewer events={events} evidenceEventIds={evidence} cutoffLabel={DEMO_CUTOFF_LABEL} />).replaceAll("<!-- -->", "");
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

  it("renders measurement, range and flag as text, and the end marker", () => {
    const events: ViewerEvent[] = [
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
    const html = render(events, ["E1"]);
    expect(html).toContain("23.4 µmol/L");
    expect(html).toContain("(≤ 10)");
    expect(html).toMatch(/H<span aria-hidden="true"> ▲<\/span><span class="sr-only"> \(high\)<\/span>/);
    expect(html).toContain("Evidence");
    expect(html).toContain("Mon 18 Aug 2031");
    expect(html).toContain("32+4 wk");
    expect(html).toContain("孕32周，皮肤瘙痒1周，夜间加重。\n无腹痛。");
    expect(html).toContain(`Record ends at the decision cutoff: ${DEMO_CUTOFF_LABEL}`);
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
