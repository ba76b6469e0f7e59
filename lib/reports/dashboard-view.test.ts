import { describe, expect, it } from "vitest";
import { DASHBOARD_PARTS, dashboardView, shows, viewParam } from "./dashboard-view";

describe("dashboardView", () => {
  it("reads a known view and falls back to the summary", () => {
    expect(dashboardView(undefined, DASHBOARD_PARTS)).toBe("summary");
    expect(dashboardView("raters", DASHBOARD_PARTS)).toBe("raters");
    expect(dashboardView("all", DASHBOARD_PARTS)).toBe("all");
    expect(dashboardView("over-time", DASHBOARD_PARTS)).toBe("over-time");
    expect(dashboardView(["items", "raters"], DASHBOARD_PARTS)).toBe("items");
    for (const odd of ["", "RATERS", "toString", "__proto__", "summary ", "constructor"])
      expect(dashboardView(odd, DASHBOARD_PARTS)).toBe("summary");
  });

  it("gives the summary for a part the page does not offer, typed into the address", () => {
    // A clinician has no agreement over time; a benchmark without chapters or levels no subgroups:
    // asked for anyway, the part would be every dimension's heading with nothing under it.
    const offered = ["summary", "raters", "items"] as const;
    expect(dashboardView("over-time", offered)).toBe("summary");
    expect(dashboardView("subgroups", offered)).toBe("summary");
    expect(dashboardView("raters", offered)).toBe("raters");
    expect(dashboardView("all", offered)).toBe("all");
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
