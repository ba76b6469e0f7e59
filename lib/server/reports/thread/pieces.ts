// The report as the report thread sends it to the web process: in pieces, each serialized in the
// structured clone's format (node:v8), so that the web process takes it in one piece per turn of
// its event loop. Sent whole, a full review's report (5.7 MB as JSON) was deserialized in one go
// when the message arrived: 52–65 ms during which no other request was served.
import v8 from "node:v8";
import type { ShownItems, ShownReport } from "../../../reports/types";
import type { HeadAndReport, ReportPieces } from "./protocol";

export function inPieces({ head, report, items }: HeadAndReport): ReportPieces {
  const { dimensions, ...rest } = report;
  const at = Object.keys(report).indexOf("dimensions");
  return { head, rest: v8.serialize(rest), dimensions: dimensions.map((d) => v8.serialize(d)), at, items: v8.serialize(items) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The report again, one piece per turn of the event loop (other requests are served between them). */
export async function fromPieces(pieces: ReportPieces): Promise<HeadAndReport> {
  const rest = v8.deserialize(pieces.rest) as Omit<ShownReport, "dimensions">;
  const dimensions: ShownReport["dimensions"] = [];
  for (const piece of pieces.dimensions) {
    await nextTurn();
    dimensions.push(v8.deserialize(piece));
  }
  const entries: [string, unknown][] = Object.entries(rest);
  entries.splice(pieces.at, 0, ["dimensions", dimensions]);
  await nextTurn();
  const items = v8.deserialize(pieces.items) as ShownItems;
  return { head: pieces.head, report: Object.fromEntries(entries) as unknown as ShownReport, items };
}
