// The gzip bomb of issue 31, finding 1, made small: an EHRNoteQA release whose discharge.csv.gz
// is one patient's row again and again (48 MiB from ~170 KB, as the 3.1 GB one was 1.5 M rows of
// one patient), opened under a 100× ratio cap so the test refuses it within 17 MB.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ehrNoteQaRaw } from "@/lib/formats/__fixtures__/notes-release";
import { openFile } from "@/lib/server/datasets/open-file";

/** The release's two files, written under `dir`, opened as an import reads them. */
export function bombRelease(dir: string) {
  const questions = path.join(dir, "EHRNoteQA.jsonl");
  fs.writeFileSync(questions, ehrNoteQaRaw());
  const row = '700001-DS-1,700001,600001,DS,1,2160-01-15 00:00:00,,"Chief Complaint:\nleg swelling"\n';
  const header = "note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text\n";
  const bomb = path.join(dir, "discharge.csv.gz");
  fs.writeFileSync(bomb, gzipSync(Buffer.from(header + row.repeat((48 << 20) / row.length))));
  const caps = { maxBytes: 1 << 30, ratio: 100, floor: 1 << 20 };
  return [openFile(questions), openFile(bomb, "discharge.csv.gz", caps)];
}
