// What the web process gives an import thread, and what the thread sends back.
import type { ImportOutcome } from "../../datasets/import-dataset";
import type { DatasetImportInput, DatasetImportProgress } from "../dataset-import";

/** The one message an import thread is sent: the database it writes to and the job's input. */
export interface ImportThreadData {
  url: string;
  input: DatasetImportInput;
}

export type ImportThreadMessage =
  | { type: "progress"; event: DatasetImportProgress }
  | { type: "done"; outcome: ImportOutcome }
  | { type: "failed"; message: string };
