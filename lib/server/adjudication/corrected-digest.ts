import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { FormatId } from "../../formats";
import type { FileLayout } from "../../formats/export-parts";
import { digestPatients, type PatientsDigest } from "../../formats/validate-parts";
import { segmentText } from "./corrected-files";

// The importer's validation of a dataset's patients part, done once per dataset and kept beside
// the part (lib/formats/validate-parts.ts): every state's build then checks only its items part
// against it. Stored with v8.serialize (Maps and typed arrays as they are, a few MB for the
// full-size benchmark, read back in tens of ms). A change of what is kept, or of a patient-level
// rule of the readers, bumps PATIENTS_DIGEST_VERSION (as one of the export's shape bumps
// CORRECTED_EXPORT_VERSION): an old digest is then taken again, never trusted.
const PATIENTS_DIGEST_VERSION = 1;

interface Stored {
  version: number;
  /** The layout the digest was taken for (a bundle's head is part of it): another one is not it. */
  layout: string;
  /** Null: the patients part alone has issues, so every build runs the full validation. */
  digest: PatientsDigest | null;
}

export function digestFile(patientsPart: string, timeZone: string): string {
  return path.join(path.dirname(patientsPart), `patients.digest.v${PATIENTS_DIGEST_VERSION}.${encodeURIComponent(timeZone)}.bin`);
}

function readStored(file: string, layout: string): Stored | null {
  try {
    const stored = v8.deserialize(fs.readFileSync(file)) as Stored;
    return stored.version === PATIENTS_DIGEST_VERSION && stored.layout === layout ? stored : null;
  } catch {
    return null; // absent, or written by another Node: taken again
  }
}

/**
 * The digest of the dataset's patients part (`patientsPart`, relative to `root`), taken now if
 * it is not kept yet. Null when the part alone does not validate (the caller validates in full).
 */
export async function patientsDigest(
  root: string,
  patientsPart: string,
  layout: readonly FileLayout[],
  format: FormatId,
  timeZone: string,
  onChars: (chars: number) => void = () => {},
): Promise<PatientsDigest | null> {
  const file = path.join(root, digestFile(patientsPart, timeZone));
  const key = JSON.stringify(layout);
  const kept = readStored(file, key);
  if (kept) return kept.digest;
  const result = await digestPatients(layout, format, () => segmentText((f) => path.join(root, f), [{ file: patientsPart }]), {
    timeZone,
    onProgress: (p) => onChars(p.chars),
  });
  const stored: Stored = { version: PATIENTS_DIGEST_VERSION, layout: key, digest: result.ok ? result.digest : null };
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    fs.writeFileSync(tmp, v8.serialize(stored), { mode: 0o600 });
    fs.renameSync(tmp, file); // atomic: a reader sees the whole digest or none
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return stored.digest;
}
