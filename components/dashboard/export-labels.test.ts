import { describe, expect, it } from "vitest";
import en from "@/messages/en/dashboard.json";
import zh from "@/messages/zh-CN/dashboard.json";
import { smallAudit } from "@/lib/reports/__fixtures__/small-audit";
import { exportCatalog } from "@/lib/server/reports/export-files";
import { EXPORT_LABEL_KEYS, isLabelledExport, isWideExport } from "./export-labels";

describe("export labels", () => {
  it("every export has a label in every language (none falls back to English)", () => {
    for (const { file } of exportCatalog(smallAudit())) {
      if (isWideExport(file)) continue;
      expect(isLabelledExport(file), file).toBe(true);
      const key = EXPORT_LABEL_KEYS[file as keyof typeof EXPORT_LABEL_KEYS];
      expect(en.exportFile[key], file).toBeTruthy();
      expect(zh.exportFile[key], file).toBeTruthy();
    }
  });
});
