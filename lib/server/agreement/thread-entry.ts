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
  send({ type: "done", result: toolResult(analyseRatings(text, name, DEFAULT_ANALYSE_OPTIONS)) });
} catch (e) {
  if (e instanceof RatingsFileError) send({ type: "invalid", error: { line: e.line, field: e.field, code: e.code, values: e.values } });
  else send({ type: "failed", message: e instanceof Error ? e.message : String(e) });
}
