// Server-render checks for the note viewer (no DOM library: interactions are not exercised).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildDemoNotes } from "./fixtures";
import { NoteViewer } from "./note-viewer";

describe("NoteViewer (server render)", () => {
  const notes = buildDemoNotes();

  it("renders each note with an outline of its sections", () => {
    const html = renderToString(<NoteViewer notes={notes} />);
    expect(html).toContain('aria-label="Note outline"');
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(html.match(/<h4/g)).toHaveLength(notes.reduce((a, n) => a + n.sections.length, 0));
    expect(html).toContain("Brief Hospital Course");
    expect(html).toContain("孕32周，皮肤瘙痒1周，夜间加重。");
    expect(html).toContain('role="search"');
  });

  it("marks evidence sections with text, matched case-insensitively by title", () => {
    const html = renderToString(<NoteViewer notes={notes} highlight={[{ noteNum: 1, sections: ["brief hospital course", "Chief Complaint"] }]} />);
    // Badge in the document plus the marker in the outline, for each of the two sections.
    expect(html.match(/★<\/span>Evidence/g)).toHaveLength(2);
    expect(html.match(/★ Evidence/g)).toHaveLength(2);
  });

  it("renders an empty state", () => {
    expect(renderToString(<NoteViewer notes={[]} />)).toContain("No notes before the decision cutoff.");
  });
});
