import { describe, expect, it } from "vitest";
import type { ViewerEvent } from "../../components/ehr-viewer/types";
import { staticRecordPage } from "./static-record";

const event = (over: Partial<ViewerEvent>): ViewerEvent => ({
  id: "x",
  eventId: "E1",
  time: "2031-08-18T10:02:00",
  gaDays: 228,
  visitId: null,
  type: "lab_test",
  name: "Haemoglobin",
  measurement: { name: "Haemoglobin", value: 98, unit: "g/L", refLow: 110, refHigh: 150, flag: "L" },
  items: [],
  text: null,
  ...over,
});

describe("staticRecordPage", () => {
  it("prints every event's time, type, name, values and text, escaped", () => {
    const html = staticRecordPage("Record <P1>", [
      event({}),
      event({ id: "y", type: "clinical_note", name: "Plan", measurement: null, gaDays: null, text: "BP 150/100 & <headache>" }),
    ]);
    expect(html).toContain("<title>Record &lt;P1&gt;</title>");
    expect(html).toContain("<h2>2031-08-18 10:02 · 32+4 wk · lab_test · Haemoglobin</h2><p>Haemoglobin 98 g/L [110–150] (L)</p>");
    expect(html).toContain("<h2>2031-08-18 10:02 · clinical_note · Plan</h2><p>BP 150/100 &amp; &lt;headache&gt;</p>");
    expect(html).not.toContain("<script");
    expect(html.match(/<section>/g)).toHaveLength(2);
  });
});
