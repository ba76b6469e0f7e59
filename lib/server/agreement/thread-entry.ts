// An agreement thread (started by ./analyse-upload.ts through threads/boot.mjs, one per uploaded
// ratings file, under a heap cap): reads the file, computes its report with the command line's
// pipeline, answers once and ends. A hostile file costs this thread, which the caller ends.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { analyseRatings, DEFAULT_ANALYSE_OPTIONS } from "../../agreement/files/analyse";
import { RatingsFileError } from "../../agreement/files/messages";
import type { AgreementThreadData, AgreementThreadReply } from "./protocol";
import { toolResult } from "./tool-result";

const { path, name } = (workerData as { data: AgreementThreadData }).data;
const send = (reply: AgreementThreadReply) => parentPort!.postMessage(reply);

try {
  // As the command line reads a file (fs.readFile with "utf8"), so both see the same text.
  const text = fs.readFileSync(path, "utf8");
  const result = toolResult(analyseRatings(text, name, DEFAULT_ANALYSE_OPTIONS));
  send("refused" in result ? { type: "refused", refusal: result } : { type: "done", result });
} catch (e) {
  if (e instanceof RatingsFileError)
    send({ type: "refused", refusal: { refused: "invalid", error: { line: e.line, field: e.field, code: e.code, values: e.values } } });
  else send({ type: "failed", message: e instanceof Error ? e.message : String(e) });
}
