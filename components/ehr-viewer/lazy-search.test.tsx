import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { withIntl } from "@/tests/support/intl";
import { EhrViewer } from "./ehr-viewer";
import { buildDemoEvents, buildDemoNotes, DEMO_CUTOFF_LABEL, demoEvidenceIds } from "./fixtures";
import { NoteViewer } from "./note-viewer";
import { eventDoc, lazyIndex } from "./search";
import * as fold from "./search-fold";

// Counts the folding, passing every call through.
vi.mock("./search-fold", async (original) => {
  const m = await original<typeof import("./search-fold")>();
  return { ...m, foldText: vi.fn(m.foldText) };
});

describe("the search index is built on first search only", () => {
  it("a viewer's render folds no text: nothing was searched yet", () => {
    const events = buildDemoEvents({ count: 200 });
    vi.mocked(fold.foldText).mockClear();
    const html = renderToString(
      withIntl(<EhrViewer events={events} evidenceEventIds={demoEvidenceIds(events)} cutoffLabel={DEMO_CUTOFF_LABEL} />, "en"),
    );
    expect(html).toContain('role="search"');
    renderToString(withIntl(<NoteViewer notes={buildDemoNotes()} />, "en"));
    expect(fold.foldText).not.toHaveBeenCalled();
  });

  it("lazyIndex reads its documents once, when first asked", () => {
    const events = buildDemoEvents({ count: 20 });
    const docs = vi.fn(() => events.map(eventDoc));
    const index = lazyIndex(docs);
    expect(docs).not.toHaveBeenCalled();
    const first = index();
    expect(index()).toBe(first);
    expect(docs).toHaveBeenCalledTimes(1);
    expect(first).toHaveLength(20);
  });
});
