import fs from "node:fs";
import path from "node:path";
import type { ImportFile } from "./import-dataset";

/** A file on disk as an import input (streamed in 1 MiB chunks, re-readable). */
export function openFile(file: string, name = path.basename(file)): ImportFile {
  return { name, open: () => fs.createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 }) as AsyncIterable<string> };
}
