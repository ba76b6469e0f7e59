import { describe, expect, it } from "vitest";
import { contentDisposition, downloadHeaders } from "./download";

describe("download headers", () => {
  it("name a non-ASCII file with an ASCII fallback and RFC 5987 filename*", () => {
    expect(contentDisposition("审核-report.csv")).toBe(
      `attachment; filename="__-report.csv"; filename*=UTF-8''%E5%AE%A1%E6%A0%B8-report.csv`,
    );
    // Quotes, backslashes and RFC 5987's reserved characters never break the header.
    expect(contentDisposition(`a"b\\c'(1)*.txt`)).toBe(
      `attachment; filename="a_b_c'(1)*.txt"; filename*=UTF-8''a%22b%5Cc%27%281%29%2A.txt`,
    );
    const decoded = decodeURIComponent(contentDisposition("Évaluation 评估.json").split("UTF-8''")[1]!);
    expect(decoded).toBe("Évaluation 评估.json");
  });

  it("are private, never stored, never sniffed, with the type and size", () => {
    const h = downloadHeaders({ fileName: "x.csv", type: "text/csv", size: 12, extra: { "X-Content-SHA256": "ab" } });
    expect(Object.fromEntries(h)).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="x.csv"; filename*=UTF-8''x.csv`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-length": "12",
      "x-content-sha256": "ab",
    });
    expect(downloadHeaders({ fileName: "p.zip", type: "application/zip" }).get("content-type")).toBe("application/zip");
    expect(downloadHeaders({ fileName: "r.json", type: "application/json; charset=utf-8" }).get("content-type")).toBe(
      "application/json; charset=utf-8",
    );
  });
});
