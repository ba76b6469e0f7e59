import fs from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { renderExport } from "../../server/reports/export-files";
import { computeAuditReport } from "../../reports/compute";
import { packageEntries } from "./files";
import { modelGuidedAudit } from "../../reports/__fixtures__/model-guided-audit";
it("writes", () => {
  for (const [dir, s] of [
    ["/tmp/x/pkg", modelGuidedAudit()],
    ["/tmp/x/pkg2", modelGuidedAudit({ unratedStratum: "some" })],
  ] as const) {
    fs.mkdirSync(dir, { recursive: true });
    const here = "/work/h-triage/lib/reports/package";
    const e = packageEntries({
      snapshot: s,
      report: computeAuditReport(s),
      facts: {
        audit: { design: "X", ratersPerItem: null, createdAt: "", openedAt: null, closedAt: null, sampling: {} },
        dataset: {
          name: "d",
          version: 1,
          format: "f",
          formatVersion: null,
          checksum: "x",
          timeZone: "UTC",
          itemCount: 1500,
          patientCount: 1,
        },
      } as never,
      render: (f) => renderExport(s, f, { revisions: { conversations: false, summary: { items: 1, rows: [] } } as never }),
      scripts: {
        python: fs.readFileSync(path.join(here, "reproduce.py"), "utf8"),
        r: fs.readFileSync(path.join(here, "reproduce.R"), "utf8"),
      },
    });
    for (const x of e) fs.writeFileSync(path.join(dir, x.name), x.content);
  }
});
