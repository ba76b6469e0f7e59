// Server-render tests (node environment, no DOM library): the class recipes and their overrides.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge, badgeVariants } from "./badge";
import { Button, buttonVariants } from "./button";
import { variants } from "./variants";

const classOf = (html: string) => html.match(/class="([^"]*)"/)?.[1]?.split(" ") ?? [];

describe("variants", () => {
  const tone = variants(
    "base",
    { tone: { a: "text-red-700", b: "text-teal-800" }, size: { s: "px-1", m: "px-4" } },
    { tone: "a", size: "m" },
  );
  it("applies the defaults, a chosen variant and a winning className", () => {
    expect(tone()).toBe("base text-red-700 px-4");
    expect(tone({ tone: "b" })).toBe("base text-teal-800 px-4");
    expect(tone({ size: "s", className: "px-8" })).toBe("base text-red-700 px-8");
  });
});

describe("Button", () => {
  it("is a type=button primary by default, so it never submits a form by accident", () => {
    const html = renderToStaticMarkup(<Button>Save</Button>);
    expect(html).toMatch(/^<button type="button"/);
    expect(classOf(html)).toEqual(expect.arrayContaining(["bg-accent", "text-white", "px-4", "py-2"]));
  });

  it("keeps an explicit submit type", () => {
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toMatch(/^<button type="submit"/);
  });

  it("lets a className override the recipe's padding and colour", () => {
    const cls = classOf(renderToStaticMarkup(<Button className="px-8 bg-red-600">Go</Button>));
    expect(cls).toContain("px-8");
    expect(cls).not.toContain("px-4");
    expect(cls).toContain("bg-red-600");
    expect(cls).not.toContain("bg-accent");
  });

  it("has a class for each variant and size", () => {
    expect(buttonVariants({ variant: "danger" })).toContain("text-red-800");
    expect(buttonVariants({ variant: "secondary" })).toContain("border-slate-300");
    expect(buttonVariants({ variant: "ghost" })).toContain("hover:bg-slate-100");
    expect(buttonVariants({ variant: "link" })).toContain("hover:underline");
    expect(buttonVariants({ size: "sm" })).toContain("px-2.5");
    expect(buttonVariants({ size: "xs" })).toContain("text-xs");
  });

  it("passes other attributes through", () => {
    const html = renderToStaticMarkup(
      <Button disabled aria-label="Reset password of a@b.c" data-testid="x">
        Reset
      </Button>,
    );
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-label="Reset password of a@b.c"');
    expect(html).toContain('data-testid="x"');
  });
});

describe("Badge", () => {
  it("is neutral by default and takes a tone", () => {
    expect(classOf(renderToStaticMarkup(<Badge>v2</Badge>))).toContain("bg-slate-100");
    expect(badgeVariants({ tone: "danger" })).toContain("text-red-800");
    expect(badgeVariants({ tone: "warning" })).toContain("bg-amber-50");
    expect(badgeVariants({ tone: "accent" })).toContain("text-teal-800");
    expect(badgeVariants({ tone: "solid" })).toContain("text-white");
  });

  it("passes a title and test id through and merges a className", () => {
    const html = renderToStaticMarkup(
      <Badge tone="warning" title="Must change" className="ml-1" data-testid="b">
        Temporary
      </Badge>,
    );
    expect(html).toContain('title="Must change"');
    expect(html).toContain('data-testid="b"');
    expect(classOf(html)).toContain("ml-1");
  });
});
