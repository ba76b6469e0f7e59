// The viewer benchmark's baseline: the same pre-cutoff record as plain static HTML (one
// section per event, no script, no windowing), as a page that just prints the record would.
import type { ViewerEvent, ViewerMeasurement } from "../../components/ehr-viewer/types";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function measurementText(m: ViewerMeasurement): string {
  const range = m.refLow !== null || m.refHigh !== null ? ` [${m.refLow ?? ""}–${m.refHigh ?? ""}]` : "";
  return `${m.name} ${m.value ?? ""}${m.unit ? ` ${m.unit}` : ""}${range}${m.flag && m.flag !== "N" ? ` (${m.flag})` : ""}`;
}

function heading(e: ViewerEvent): string {
  const ga = e.gaDays === null ? "" : ` · ${Math.floor(e.gaDays / 7)}+${e.gaDays % 7} wk`;
  return `${e.time.slice(0, 16).replace("T", " ")}${ga} · ${e.type} · ${e.name}`;
}

export function staticRecordPage(title: string, events: readonly ViewerEvent[]): string {
  const sections = events.map((e) => {
    const values = [e.measurement, ...e.items]
      .filter((m): m is ViewerMeasurement => m !== null)
      .map(measurementText)
      .join("; ");
    const body = [values, e.text ?? ""]
      .filter(Boolean)
      .map((t) => `<p>${escapeHtml(t)}</p>`)
      .join("");
    return `<section><h2>${escapeHtml(heading(e))}</h2>${body}</section>`;
  });
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;line-height:1.4}h2{font-size:.9rem;margin:1rem 0 .2rem}p{margin:0;white-space:pre-wrap}</style>
</head><body><h1>${escapeHtml(title)}</h1>
${sections.join("\n")}
</body></html>
`;
}
