// Server-render tests: the card surface on the elements the app uses it as, and the table parts.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card, CardHeader, CardTitle, card } from "./card";
import { EmptyState } from "./empty-state";
import { Table, TBody, THead, Td, Th } from "./table";
import { elements } from "@/tests/support/markup";

describe("Card", () => {
  it("is a flat div with the house surface and small padding by default", () => {
    const [box] = elements(renderToStaticMarkup(<Card>x</Card>));
    expect(box!.tag).toBe("div");
    expect(box!.attrs.class).toBe(card());
    expect(card()).toBe(card({ padding: "sm", raised: false }));
    expect(card()).not.toBe(card({ raised: true }));
  });

  it("renders as the element asked for, with its attributes", () => {
    const html = renderToStaticMarkup(
      <Card as="section" aria-labelledby="h" padding="md" raised className="mb-6">
        <CardTitle id="h">Progress</CardTitle>
      </Card>,
    );
    const [section, title] = elements(html);
    expect(section).toMatchObject({
      tag: "section",
      attrs: { class: card({ padding: "md", raised: true, className: "mb-6" }), "aria-labelledby": "h" },
    });
    expect(section!.classes).toContain("mb-6");
    expect(title).toMatchObject({ tag: "h2", attrs: { id: "h" } });
    expect(html).toMatch(/<h2 [^>]*>Progress<\/h2>/);
  });

  it("lets a className win over the padding", () => {
    // The card's own padding gives way: what is left is an unpadded card with the caller's padding.
    expect(card({ padding: "lg", className: "p-2" })).toBe(card({ padding: "none", className: "p-2" }));
    expect(
      elements(
        renderToStaticMarkup(
          <Card padding="lg" className="p-2">
            x
          </Card>,
        ),
      )[0]!.attrs.class,
    ).toBe(card({ padding: "lg", className: "p-2" }));
  });

  it("has no padding when asked, for tables and disclosures", () => {
    const padding = (c: string) => c.split(" ").filter((x) => /^p[xytrbl]?-/.test(x));
    expect(padding(card({ padding: "none" }))).toEqual([]);
    expect(padding(card())).not.toEqual([]);
    const [details] = elements(
      renderToStaticMarkup(
        <Card as="details" padding="none" open>
          x
        </Card>,
      ),
    );
    expect(details).toMatchObject({ tag: "details", attrs: { class: card({ padding: "none" }), open: "" } });
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
    const [frame, table, caption] = elements(html);
    expect(frame).toMatchObject({ tag: "div", attrs: { class: card({ padding: "none", raised: true, className: "overflow-x-auto" }) } });
    expect(table).toMatchObject({ tag: "table", attrs: { "data-testid": "t" } });
    expect(caption).toMatchObject({ tag: "caption", classes: ["sr-only"] });
    expect(html).toContain(">Clinicians</caption>");
    const [name, done] = elements(html, "th");
    expect(name!.attrs.scope).toBe("col");
    expect(done!.attrs.scope).toBe("col");
    // Numbers are right-aligned, in head and body alike; text is not.
    expect(name!.classes).not.toContain("text-right");
    expect(done!.classes).toContain("text-right");
    const [text, number] = elements(html, "td");
    expect(text!.classes).not.toContain("text-right");
    expect(number!.classes).toContain("text-right");
    expect(html).toMatch(/<td [^>]*>3<\/td>/);
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
