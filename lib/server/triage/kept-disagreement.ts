import "server-only";
import { clientUrl, type Db } from "../../db/client";
import { processWide } from "../../process-wide";
import { Kept } from "../reports/kept";
import { askThread } from "../reports/thread/client";
import { threadServes } from "../threads/start";
import { type DisagreementFrame, disagreementFrame } from "./disagreement-frame";

// Per set, at its checksum: an imported set is never edited, so it is computed once per process.
const frames = processWide("kept-disagreement-frames", () => new Kept<DisagreementFrame | null>());

/** The frame, kept per prediction set and computed off the event loop. Callers check access first. */
export async function keptDisagreementFrame(db: Db, datasetId: string, setId: string): Promise<DisagreementFrame | null> {
  const set = await db.predictionSet.findFirst({ where: { id: setId, datasetId }, select: { checksum: true } });
  if (!set) return null;
  const url = clientUrl(db);
  return frames.get(`${datasetId}\u0000${setId}`, set.checksum, () =>
    threadServes(url) ? askThread({ op: "disagreement", url, datasetId, setId }) : disagreementFrame(db, datasetId, setId),
  );
}
