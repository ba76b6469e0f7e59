import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatSort,
  pageCount,
  pageLinks,
  searchHref,
  pageOf,
  pageParam,
  parseSort,
  parseTableParams,
  tableHref,
  toSearchParams,
  toSkipTake,
  visibleRange,
} from "./search-params";

const options = {
  sortable: ["name", "createdAt"],
  filterIds: ["status", "reviewer"],
  defaultSort: { id: "createdAt", desc: true },
};

describe("parseTableParams", () => {
  it("falls back to defaults for an empty URL", () => {
    expect(parseTableParams({}, options)).toEqual({
      page: 1,
      pageSize: 25,
      sort: { id: "createdAt", desc: true },
      search: undefined,
      filters: {},
    });
  });

  it("reads every param", () => {
    const params = parseTableParams({ page: "3", size: "50", sort: "-name", q: "  sepsis  ", status: "open", reviewer: "u1" }, options);
    expect(params).toEqual({
      page: 3,
      pageSize: 50,
      sort: { id: "name", desc: true },
      search: "sepsis",
      filters: { status: "open", reviewer: "u1" },
    });
  });

  it("treats a bare column as ascending", () => {
    expect(parseTableParams({ sort: "name" }, options).sort).toEqual({ id: "name", desc: false });
  });

  it("replaces an unknown sort column with the default", () => {
    expect(parseTableParams({ sort: "-password" }, options).sort).toEqual(options.defaultSort);
    expect(parseTableParams({ sort: "-" }, options).sort).toEqual(options.defaultSort);
    expect(parseTableParams({ sort: "x" }, { sortable: ["name"] }).sort).toBeUndefined();
  });

  it.each([["0"], ["-4"], ["abc"], ["1.5"], [""], ["99999999999999"]])("clamps page %j to 1", (page) => {
    expect(parseTableParams({ page }, options).page).toBe(1);
  });

  it.each([["10"], ["1000"], ["abc"], ["-25"]])("rejects page size %j", (size) => {
    expect(parseTableParams({ size }, options).pageSize).toBe(25);
    expect(parseTableParams({ size }, { ...options, defaultSize: 100 }).pageSize).toBe(100);
  });

  it("takes the first value of repeated params", () => {
    expect(parseTableParams({ page: ["2", "5"], status: ["closed", "open"] }, options)).toMatchObject({
      page: 2,
      filters: { status: "closed" },
    });
  });

  it("drops blank search and filters, and ignores undeclared filters", () => {
    const params = parseTableParams({ q: "   ", status: "", other: "x" }, options);
    expect(params.search).toBeUndefined();
    expect(params.filters).toEqual({});
  });

  it("caps search length", () => {
    expect(parseTableParams({ q: "a".repeat(500) }, options).search).toHaveLength(200);
  });

  it("drops filter values outside the allow-list", () => {
    const opts = { ...options, filterValues: { status: ["open", "closed"] } };
    expect(parseTableParams({ status: "deleted", reviewer: "u9" }, opts).filters).toEqual({ reviewer: "u9" });
    expect(parseTableParams({ status: "open" }, opts).filters).toEqual({ status: "open" });
  });

  it("refuses filter ids that collide with table params", () => {
    expect(() => parseTableParams({}, { sortable: [], filterIds: ["q"] })).toThrow(/reserved/);
  });
});

describe("sort format", () => {
  it("round-trips", () => {
    expect(parseSort(formatSort({ id: "name", desc: true }))).toEqual({ id: "name", desc: true });
    expect(formatSort({ id: "name", desc: false })).toBe("name");
    expect(parseSort(undefined)).toBeUndefined();
  });
});

describe("toSearchParams", () => {
  it("omits defaults so URLs stay canonical", () => {
    const qs = toSearchParams(
      { page: 1, pageSize: 25, sort: { id: "createdAt", desc: true }, search: " ", filters: {} },
      { defaultSort: options.defaultSort },
    );
    expect(qs.toString()).toBe("");
  });

  it("writes non-defaults", () => {
    const qs = toSearchParams({
      page: 2,
      pageSize: 50,
      sort: { id: "name", desc: false },
      search: "chest pain",
      filters: { status: "open", reviewer: undefined },
    });
    expect(Object.fromEntries(qs)).toEqual({
      page: "2",
      size: "50",
      sort: "name",
      q: "chest pain",
      status: "open",
    });
  });

  it("keeps unrelated params and replaces table-owned ones", () => {
    const qs = toSearchParams(
      { page: 1, filters: { status: "closed" } },
      { base: "tab=items&page=4&q=old&status=open&reviewer=u1", filterIds: ["status", "reviewer"] },
    );
    expect(qs.toString()).toBe("tab=items&status=closed");
  });

  it("accepts a Next searchParams record as base", () => {
    const qs = toSearchParams({ page: 2 }, { base: { tab: "x", tag: ["a", "b"], q: "old", none: undefined } });
    expect(qs.toString()).toBe("tab=x&tag=a&tag=b&page=2");
  });

  it("round-trips through parseTableParams", () => {
    const params = parseTableParams({ page: "4", size: "100", sort: "name", q: "copd", status: "open" }, options);
    const again = parseTableParams(Object.fromEntries(toSearchParams(params, { defaultSort: options.defaultSort })), options);
    expect(again).toEqual(params);
  });
});

describe("helpers", () => {
  it("builds hrefs", () => {
    expect(tableHref("/runs", {})).toBe("/runs");
    expect(tableHref("/runs", { page: 3 })).toBe("/runs?page=3");
  });

  it("counts pages", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(137, 20)).toBe(7);
    expect(pageCount(100, 25)).toBe(4);
  });

  it("computes skip/take", () => {
    expect(toSkipTake({ page: 2, pageSize: 25 })).toEqual({ skip: 25, take: 25 });
  });

  it("finds the visible range", () => {
    expect(visibleRange(2, 20, 137)).toEqual({ kind: "rows", from: 21, to: 40, total: 137 });
    expect(visibleRange(7, 20, 137)).toEqual({ kind: "rows", from: 121, to: 137, total: 137 });
    expect(visibleRange(1, 25, 0)).toEqual({ kind: "none" });
    expect(visibleRange(9, 25, 30)).toEqual({ kind: "pastEnd", total: 30 });
  });

  it("formats counts in the reader's locale", () => {
    expect(formatCount(12345, "en")).toBe("12,345");
    expect(formatCount(12345, "zh-CN")).toBe("12,345");
    expect(formatCount(12345, "de")).toBe("12.345");
  });
});

describe("pages of an in-page list", () => {
  it("slices one page, clamped to the list", () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(rows, 1, 50)).toEqual({ rows: rows.slice(0, 50), page: 1 });
    expect(pageOf(rows, 3, 50)).toEqual({ rows: rows.slice(100), page: 3 });
    expect(pageOf(rows, 9, 50).page).toBe(3);
    expect(pageOf([], 2, 50)).toEqual({ rows: [], page: 1 });
  });
  it("reads a page parameter, anything else being page 1", () => {
    expect(pageParam("4")).toBe(4);
    for (const v of [undefined, "", "0", "-2", "1.5", "x", ["2", "3"].slice(2)]) expect(pageParam(v as string | undefined)).toBe(1);
    expect(pageParam(["2", "3"])).toBe(2);
  });
  it("links change only their own parameter", () => {
    const href = pageLinks("/audits/a/dashboard", { d_gold: "2", d_question: "5", tab: "x" }, "d_gold", "#dim-gold");
    expect(href(3)).toBe("/audits/a/dashboard?d_question=5&tab=x&d_gold=3#dim-gold");
    expect(href(1)).toBe("/audits/a/dashboard?d_question=5&tab=x#dim-gold");
    expect(pageLinks("/review", {}, "p_a")(1)).toBe("/review");
  });
  it("a link may change several parameters at once, leaving out the nulls", () => {
    const search = { turn: "2", view: "items", d_gold: "3" };
    expect(searchHref("/d", search, { view: "raters", turn: null }, "#over-time-gold")).toBe("/d?d_gold=3&view=raters#over-time-gold");
    expect(searchHref("/d", search, {})).toBe("/d?turn=2&view=items&d_gold=3");
    expect(searchHref("/d", {}, { view: null })).toBe("/d");
    // Only the changes' own keys replace a parameter, not what every object inherits.
    expect(searchHref("/d", { toString: "x", constructor: "y" }, { view: "all" })).toBe("/d?toString=x&constructor=y&view=all");
  });
});
