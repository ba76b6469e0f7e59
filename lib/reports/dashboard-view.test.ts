import { describe, expect, it } from "vitest";
import { dashboardView, shows, viewParam } from "./dashboard-view";

describe("dashboardView", () => {
  it("reads a known view and falls back to the summary", () => {
    expect(dashboardView(undefined)).toBe("summary");
    expect(dashboardView("raters")).toBe("raters");
    expect(dashboardView("all")).toBe("all");
    expect(dashboardView("over-time")).toBe("over-time");
    expect(dashboardView(["items", "raters"])).toBe("items");
    for (const odd of ["", "RATERS", "toString", "__proto__", "summary ", "constructor"]) expect(dashboardView(odd)).toBe("summary");
  });

  it("shows one part, or every part under all", () => {
    expect(shows("raters", "raters")).toBe(true);
    expect(shows("raters", "summary")).toBe(false);
    expect(shows("summary", "items")).toBe(false);
    for (const part of ["summary", "over-time", "raters", "subgroups", "items"] as const) expect(shows("all", part)).toBe(true);
  });

  it("leaves the summary out of the address", () => {
    expect(viewParam("summary")).toBeNull();
    expect(viewParam("items")).toBe("items");
    expect(viewParam("all")).toBe("all");
  });
});
