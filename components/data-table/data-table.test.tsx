// Server-render smoke test: proves the v9 wiring (features, manual modes,
// defaultColumn, FlexRender, meta) produces the intended accessible markup.
// No DOM library is installed, so interactions are not exercised here.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { elements } from "@/tests/support/markup";
import { createColumns } from "./columns";
import { DataTable } from "./data-table";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: vi.fn(), push: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/runs",
  useSearchParams: () => new URLSearchParams("tab=all"),
}));

type Run = { id: string; name: string; items: number; status: "open" | "closed" };

const col = createColumns<Run>();
const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: (info) => <a href={`/runs/${info.row.original.id}`}>{info.getValue()}</a>,
  }),
  col.accessor("items", { header: "Items", enableSorting: true, meta: { align: "end" } }),
  col.accessor("status", { header: "Status", cell: (info) => <span data-badge>{info.getValue()}</span> }),
]);

const rows: Run[] = [
  { id: "r1", name: "Sepsis triage", items: 120, status: "open" },
  { id: "r2", name: "Chest pain", items: 80, status: "closed" },
];

function render(props: Partial<Parameters<typeof DataTable<Run>>[0]> = {}, locale: Locale = "en") {
  return renderToStaticMarkup(
    withIntl(
      <DataTable
        columns={columns}
        rows={rows}
        total={137}
        page={2}
        pageSize={25}
        sort={{ id: "items", desc: true }}
        getRowId={(r) => r.id}
        caption="Benchmark runs"
        filters={[
          {
            id: "status",
            label: "Status",
            value: "open",
            options: [
              { value: "open", label: "Open" },
              { value: "closed", label: "Closed" },
            ],
          },
        ]}
        {...props}
      />,
      locale,
    ),
  );
}

describe("DataTable (server render)", () => {
  it("renders an accessible table with caption and scoped headers", () => {
    const html = render();
    expect(html).toContain('<caption class="sr-only">Benchmark runs</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
  });

  it("marks only opted-in columns sortable and reflects the sort", () => {
    const html = render();
    expect(html).toMatch(/<th scope="col" aria-sort="none"[^>]*><button[^>]*>Name/);
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*>Items/);
    // Status is not sortable: no aria-sort, and its header is plain text, not a button.
    const [, , status] = elements(html, "th");
    expect(status!.attrs).not.toHaveProperty("aria-sort");
    expect(html).toMatch(/<th [^>]*>Status<\/th>/);
  });

  it("renders cells through column defs and meta", () => {
    const html = render();
    expect(html).toContain('<a href="/runs/r1">Sepsis triage</a>');
    expect(html).toContain('<span data-badge="true">closed</span>');
    // meta.align "end" right-aligns the number column, and only it.
    const [name, items] = elements(html, "td");
    expect(name!.classes).not.toContain("text-right");
    expect(items!.classes).toContain("text-right");
    expect(html).toMatch(/<td [^>]*>120<\/td>/);
  });

  it("shows the range and enables paging from the server total", () => {
    const html = render();
    expect(html).toContain("Showing 26–50 of 137");
    expect(html).toContain("Page 2 of 6");
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>.*Previous/);
  });

  it("disables next/last on the last page", () => {
    const html = render({ page: 6 });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Next/);
  });

  it("keeps the filter's URL value selected and offers a clear action", () => {
    const html = render();
    expect(html).toContain('<option value="open" selected="">Open</option>');
    expect(html).toContain("Clear search and filters");
  });

  it("renders the empty state across all columns", () => {
    const html = render({ rows: [], total: 0, page: 1, emptyMessage: "No runs yet." });
    expect(html).toMatch(/<td colSpan="3"[^>]*>No runs yet\.<\/td>/);
    expect(html).toContain("No results");
  });

  it("puts exactly one linked row in the tab order", () => {
    const html = render({ rowHref: (r) => `/runs/${r.id}` });
    expect(html.match(/<tr tabindex="0"/gi)).toHaveLength(1);
    expect(html.match(/<tr tabindex="-1"/gi)).toHaveLength(1);
  });

  it("formats filter counts and large totals in the reader's number format", () => {
    const html = render({
      total: 12345,
      page: 1,
      pageSize: 100,
      filters: [{ id: "status", label: "Status", value: undefined, options: [{ value: "open", label: "Open", count: 1234 }] }],
    });
    expect(html).toContain('<option value="open">Open (1,234)</option>');
    expect(html).toContain("Showing 1–100 of 12,345");
    expect(html).toContain("Page 1 of 124");
  });

  it("speaks Simplified Chinese when the reader does", () => {
    const html = render({ rowHref: (r) => `/runs/${r.id}` }, "zh-CN");
    expect(html).toContain("第 26–50 条，共 137 条");
    expect(html).toContain("第 2 页，共 6 页");
    expect(html).toContain("每页行数");
    expect(html).toContain("清除搜索和筛选");
    expect(html).toContain('<option value="">全部</option>');
    expect(html).toContain('aria-label="分页"');
    expect(html).toContain("使用方向键在行之间移动");
    expect(html).toContain('placeholder="搜索…"');
    expect(html).not.toMatch(/Showing|Previous|Next|Rows per page|Clear search/);
    const empty = render({ rows: [], total: 0, page: 1 }, "zh-CN");
    expect(empty).toContain("没有符合当前搜索和筛选条件的结果。");
    expect(empty).toContain("无结果");
  });
});
