// The package README is Markdown that names from users go into: like report.md, it must show a
// name as text, never turn it into HTML, a link, a heading or a broken table (issue 31, finding 8).
import { describe, expect, it } from "vitest";
import type { AuditSnapshot } from "../types";
import { packageReadme } from "./readme";

const HOSTILE = "<script>alert(1)</script> [x](javascript:alert(1)) # heading";

function snapshot(name: string, datasetName: string, label: string, seed = "s1"): AuditSnapshot {
  return {
    audit: { name, datasetName, seed, status: "COMPLETED" },
    items: [],
    raters: [],
    rubric: [{ key: "gold", label }],
  } as unknown as AuditSnapshot;
}

/** The README's lines with every backslash-escaped character removed: what Markdown would still read as syntax. */
const unescaped = (md: string) => md.replace(/\\./g, "");

describe("package README", () => {
  it("escapes HTML, links and headings in the audit, dataset and dimension names", () => {
    const md = packageReadme(snapshot(HOSTILE, HOSTILE, HOSTILE), ["README.md", "ratings-wide-gold.csv"]);
    const syntax = unescaped(md);
    expect(syntax).not.toMatch(/<script|<\/script/);
    expect(syntax).not.toMatch(/\[x\]\(/);
    expect(md.split("\n").filter((l) => /^#+ /.test(l))).toEqual([
      "# Reproducibility package: \\<script\\>alert(1)\\</script\\> \\[x\\](javascript:alert(1)) \\# heading",
      "## Rerun the numbers",
      "## Files",
    ]);
    expect(md).toContain("Dataset \\<script\\>alert(1)\\</script\\> \\[x\\](javascript:alert(1)) \\# heading;");
  });

  it("keeps a table row one row when a name holds pipes, backticks or line breaks", () => {
    const md = packageReadme(snapshot("a|b`c`", "d|e\n# f", "g|h`i`\n| x | y |", "x`y"), ["README.md", "ratings-wide-gold.csv"]);
    const row = md.split("\n").find((l) => l.startsWith("| `ratings-wide-gold.csv`"));
    expect(row).toBe(
      '| `ratings-wide-gold.csv` | ratings of "g\\|h\\`i\\` \\| x \\| y \\|", one column per rater (irrCAC\'s raw format) |',
    );
    expect(unescaped(row ?? "").split("|")).toHaveLength(4);
    expect(md).toContain("# Reproducibility package: a\\|b\\`c\\`\n");
    expect(md).toContain("Dataset d\\|e \\# f;");
    expect(md).toContain("seed `x'y`;");
    expect(md).not.toMatch(/^# f/m);
  });
});
