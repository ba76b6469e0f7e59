// What the web process asks a corrected-build thread, and what the thread sends back.
import type { BuildPhase, CorrectedManifest } from "../corrected-build";
import type { CorrectedState } from "../corrected-state";

/** One build: the database, the export root, the fresh folder to build in, the state. */
export interface CorrectedBuildRequest {
  url: string;
  root: string;
  dir: string;
  state: CorrectedState;
}

export type CorrectedThreadMessage =
  | { type: "progress"; phase: BuildPhase }
  | { type: "done"; manifest: CorrectedManifest }
  | { type: "failed"; message: string };
