// Server-render tests: the chart frame names the drawing, points it at its summary, and holds the numbers for screen readers.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChartFigure } from "./chart-figure";

const rows = (
  <tbody>
    <tr>
      <th scope="row">Dr. Chen</th>
      <td>12</td>
    </tr>
  </tbody>
);

describe("ChartFigure", () => {
  it("labels the drawing with its heading, describes it by the summary and captions the hidden table with the heading", () => {
    const html = renderToStaticMarkup(
      <ChartFigure heading="Ratings" summary="Two raters" size={[100, 20]} table={rows}>
        <rect width={1} height={1} />
      </ChartFigure>,
    );
    const desc = html.match(/<p id="([^"]+)"[^>]*>Two raters<\/p>/)?.[1];
    expect(desc).toBeTruthy();
    expect(html).toMatch(new RegExp(`<svg viewBox="0 0 100 20"[^>]*role="img" aria-label="Ratings" aria-describedby="${desc}"`));
    expect(html).toMatch(/<div class="sr-only"><table><caption>Ratings<\/caption><tbody>/);
  });

  it("draws nothing when there is nothing to draw, and has no hidden part when the numbers are shown elsewhere", () => {
    const html = renderToStaticMarkup(
      <ChartFigure heading="Accuracy" summary="None yet" size={[100, 20]} drawn={false}>
        <rect width={1} height={1} />
      </ChartFigure>,
    );
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("sr-only");
  });

  it("uses the prefix it is given, so pattern fills and the summary share the chart's ids", () => {
    const html = renderToStaticMarkup(
      <ChartFigure prefix="c7" heading="H" summary="S" size={[1, 1]}>
        <rect width={1} height={1} />
      </ChartFigure>,
    );
    expect(html).toContain('aria-describedby="c7-desc"');
  });
});
