// What the web process gives an agreement thread, and the one answer it sends back.
import type { AgreementToolRefusal, AgreementToolResult } from "./tool-result";

export interface AgreementThreadData {
  /** The uploaded file on disk, and its name as the browser sent it (a package's wide CSV names its dimension). */
  path: string;
  name: string;
}

export type AgreementThreadReply =
  | { type: "done"; result: AgreementToolResult }
  | { type: "refused"; refusal: AgreementToolRefusal }
  | { type: "failed"; message: string };
