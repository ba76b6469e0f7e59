// Server-render test (no DOM): a case page loaded as a document has its record in the server's
// HTML; only a client-side move to the next case shows the empty frame first (e2e: prefetch.spec.ts).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DeferredRecord } from "./deferred-record";

describe("DeferredRecord", () => {
  it("renders the record itself on the server, never the placeholder", () => {
    const html = renderToString(
      <DeferredRecord className="h-10">
        <section data-testid="record">the record</section>
      </DeferredRecord>,
    );
    expect(html).toContain('data-testid="record"');
    expect(html).not.toContain("record-pending");
  });
});
