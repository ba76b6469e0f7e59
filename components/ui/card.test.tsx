// Server-render tests: the card surface on the elements the app uses it as, and the table parts.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card, CardHeader, CardTitle, card } from "./card";
import { EmptyState } from "./empty-state";
import { Table, TBody, THead, Td, Th } from "./table";

const classOf = (html: string) => html.match(/class="([^"]*)"/)?.[1]?.split(" ") ?? [];

describe("Card", () => {
  it("is a flat div with the house surface and small padding by default", () => {
    const html = renderToStaticMarkup(<Card>x</Card>);
    expect(html).toMatch(/^<div /);
    expect(classOf(html)).toEqual(["rounded-lg", "border", "border-slate-200", "bg-white", "p-4"]);
  });

  it("renders as the element asked for, with its attributes", () => {
    const html = renderToStaticMarkup(
      <Card as="section" aria-labelledby="h" padding="md" raised className="mb-6">
        <CardTitle id="h">Progress</CardTitle>
      </Card>,
    );
    expect(html).toMatch(/^<section class="[^"]*p-5 shadow-sm mb-6" aria-labelledby="h">/);
    expect(html).toContain('<h2 class="text-base font-semibold text-slate-900" id="h">Progress</h2>');
  });

  it("lets a className win over the padding", () => {
    const cls = classOf(
      renderToStaticMarkup(
        <Card padding="lg" className="p-2">
          x
        </Card>,
      ),
    );
    expect(cls).toContain("p-2");
    expect(cls).not.toContain("p-6");
  });

  it("has no padding when asked, for tables and disclosures", () => {
    expect(card({ padding: "none" })).toBe("rounded-lg border border-slate-200 bg-white");
    expect(
      renderToStaticMarkup(
        <Card as="details" padding="none" open>
          x
        </Card>,
      ),
    ).toMatch(/^<details class="rounded-lg border border-slate-200 bg-white" open="">/);
  });

  it("has a header row and a smaller title level", () => {
    expect(renderToStaticMarkup(<CardHeader>x</CardHeader>)).toContain("justify-between");
    expect(renderToStaticMarkup(<CardTitle as="h3">x</CardTitle>)).toMatch(/^<h3 /);
  });
});

describe("Table", () => {
  const body = (
    <>
      <THead>
        <tr>
          <Th>Name</Th>
          <Th numeric>Done</Th>
        </tr>
      </THead>
      <TBody>
        <tr>
          <Td>Dr. Chen</Td>
          <Td numeric>3</Td>
        </tr>
      </TBody>
    </>
  );
  it("is framed in a raised card with a hidden caption", () => {
    const html = renderToStaticMarkup(
      <Table caption="Clinicians" data-testid="t">
        {body}
      </Table>,
    );
    expect(html).toMatch(
      /^<div class="rounded-lg border border-slate-200 bg-white shadow-sm overflow-x-auto"><table class="[^"]*" data-testid="t"><caption class="sr-only">Clinicians<\/caption>/,
    );
    expect(html).toContain('<th scope="col" class="px-4 py-3 text-right">Done</th>');
    expect(html).toContain('<td class="px-4 py-3 text-right tabular-nums">3</td>');
  });

  it("sits unframed inside a card that already frames it", () => {
    expect(renderToStaticMarkup(<Table framed={false}>{body}</Table>)).toMatch(/^<div class="overflow-x-auto"><table/);
  });

  it("as a report, is unframed with a visible title and note, and pads its cells from the table", () => {
    const html = renderToStaticMarkup(
      <Table variant="report" title="Agreement" note="Two raters or more" scroll={false}>
        <tbody>
          <tr>
            <td className="text-right">0.81</td>
          </tr>
        </tbody>
      </Table>,
    );
    expect(html).toMatch(/^<table class="[^"]*\[&amp;_td\]:px-2[^"]*">/);
    expect(html).toMatch(/<caption[^>]*><span[^>]*>Agreement<\/span><span[^>]*>Two raters or more<\/span><\/caption>/);
    expect(html).toContain('<td class="text-right">0.81</td>');
  });
});

describe("EmptyState", () => {
  it("says the list is empty, with an optional action", () => {
    const html = renderToStaticMarkup(<EmptyState action={<a href="/x">Add</a>}>Nothing yet.</EmptyState>);
    expect(html).toContain("<p>Nothing yet.</p>");
    expect(html).toContain('<a href="/x">Add</a>');
  });
});
