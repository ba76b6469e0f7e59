import { SamplingError } from "../errors";

/** The code of the SamplingError `f` throws, undefined if it throws none; other errors pass. */
export function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof SamplingError) return e.code;
    throw e;
  }
  return undefined;
}
