// Server-render tests (node environment, no DOM library): the class recipes and their overrides.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge, badgeVariants } from "./badge";
import { Button, buttonVariants } from "./button";
import { variants } from "./variants";
import { elements } from "@/tests/support/markup";

const VARIANTS = ["primary", "secondary", "danger", "ghost", "link"] as const;
const SIZES = ["xs", "sm", "md"] as const;
const TONES = ["neutral", "accent", "warning", "danger", "solid"] as const;
/** The classes of one kind (`px`, `bg`) a class string has, without state variants (hover:, disabled:). */
const ofKind = (classes: string, kind: string) => classes.split(" ").filter((c) => c.startsWith(`${kind}-`));

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
    const [button] = elements(renderToStaticMarkup(<Button>Save</Button>));
    expect(button).toMatchObject({ tag: "button", attrs: { type: "button", class: buttonVariants() } });
    expect(buttonVariants()).toBe(buttonVariants({ variant: "primary", size: "md" }));
  });

  it("keeps an explicit submit type", () => {
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toMatch(/^<button type="submit"/);
  });

  it("lets a className override the recipe's padding and colour", () => {
    const [button] = elements(renderToStaticMarkup(<Button className="px-8 bg-red-600">Go</Button>));
    expect(ofKind(button!.attrs.class!, "px")).toEqual(["px-8"]);
    expect(ofKind(button!.attrs.class!, "bg")).toEqual(["bg-red-600"]);
  });

  it("has a class for each variant and size", () => {
    expect(new Set(VARIANTS.map((variant) => buttonVariants({ variant }))).size).toBe(VARIANTS.length);
    expect(new Set(SIZES.map((size) => buttonVariants({ size }))).size).toBe(SIZES.length);
    // A size sets the padding and a variant does not, so any variant goes with any size.
    for (const size of SIZES) expect(ofKind(buttonVariants({ size }), "px")).toHaveLength(1);
    for (const variant of VARIANTS)
      expect(ofKind(buttonVariants({ variant, size: "sm" }), "px")).toEqual(ofKind(buttonVariants({ size: "sm" }), "px"));
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
    expect(elements(renderToStaticMarkup(<Badge>v2</Badge>))[0]!.attrs.class).toBe(badgeVariants({ tone: "neutral" }));
    expect(new Set(TONES.map((tone) => badgeVariants({ tone }))).size).toBe(TONES.length);
  });

  it("passes a title and test id through and merges a className", () => {
    const html = renderToStaticMarkup(
      <Badge tone="warning" title="Must change" className="ml-1" data-testid="b">
        Temporary
      </Badge>,
    );
    expect(html).toContain('title="Must change"');
    expect(html).toContain('data-testid="b"');
    expect(elements(html)[0]!.attrs.class).toBe(badgeVariants({ tone: "warning", className: "ml-1" }));
    expect(elements(html)[0]!.classes).toContain("ml-1");
  });
});
