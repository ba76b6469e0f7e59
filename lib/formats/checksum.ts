// The dataset checksum: SHA-256 over every file (sorted by name) as `name \0 bytes \0`. It is
// the identity of an imported dataset version (re-importing the same files is a no-op) and is
// recorded in evaluation reports, so the server and `clinaudit evaluate` compute it alike.
// Each file's own digest comes with it, so a later pass can check it reads the same bytes.
import { createHash } from "node:crypto";
import type { Chunks } from "./csv";

export interface ChecksumFile {
  name: string;
  open: () => Chunks;
}

export async function datasetChecksum(files: readonly ChecksumFile[]): Promise<{ sum: string; digests: Map<string, string> }> {
  const hash = createHash("sha256");
  const digests = new Map<string, string>();
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const own = createHash("sha256");
    hash.update(`${file.name}\0`);
    for await (const chunk of file.open()) {
      const bytes = Buffer.from(chunk, "utf8"); // encoded once for both hashes
      hash.update(bytes);
      own.update(bytes);
    }
    hash.update("\0");
    digests.set(file.name, own.digest("hex"));
  }
  return { sum: hash.digest("hex"), digests };
}
