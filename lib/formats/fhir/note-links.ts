// Notes whose text is elsewhere (index-records.ts, pass 1): an attachment given by `url` names a
// Binary of the import, which pass 2 then gathers with the note's patient; anything else it
// names is a finding ("note text not available"), the note kept without that text.
import type { FindingLog } from "../findings";
import type { Where } from "../issues";
import type { IntList } from "./plan";
import { linkedAttachment, noteAttachments, type Json } from "./resource";

interface NoteLink {
  ref: string;
  url: string;
  readable: boolean;
  subject: string;
  event: string;
  where: Where;
  field: string;
}

export class NoteLinks {
  /** Binary resources: where each is (pass 2 gathers it with the patient whose note links to it). */
  private readonly binaries = new Map<string, { file: number; record: number }>();
  /** Note attachments given by url: resolved to a Binary of the import in `resolve`, else a finding. */
  private readonly links: NoteLink[] = [];

  /** A Binary (`key`) at record `record` of file `file`. */
  addBinary(key: string, file: number, record: number): void {
    this.binaries.set(key, { file, record });
  }

  /** The url attachments of event `event` (resource `r`) of `subject`. */
  addNote(r: Json, event: string, subject: string, where: Where): void {
    for (const { path, attachment } of noteAttachments(r)) {
      const link = linkedAttachment(attachment);
      if (link) this.links.push({ ref: link.url, ...link, subject, event, where, field: `${path}.url` });
    }
  }

  /**
   * A note's text linked by url: a Binary of the import is gathered with the note's patient (its
   * record gets the patient's slot); a url outside the import, or to a format not read, is a
   * finding ("note text not available"): the note is kept without that text.
   */
  resolve(
    resolve: (ref: string) => string,
    slotOf: (subject: string) => number,
    slotsOf: readonly IntList[],
    findings: FindingLog | undefined,
  ): void {
    for (const link of this.links) {
      const key = resolve(link.ref);
      const at = key.startsWith("Binary/") ? this.binaries.get(key) : undefined;
      const slot = slotOf(link.subject);
      const slots = at ? (slotsOf[at.file] as IntList) : undefined;
      const owner = at && slots ? slots.get(at.record) : -1;
      if (at && slots && link.readable && (owner < 0 || owner === slot)) {
        slots.set(at.record, slot);
        continue;
      }
      const why = !at
        ? "is not part of this import"
        : !link.readable
          ? "is in a format this importer does not read as text"
          : "is linked from the notes of two patients (it is read for the first)";
      findings?.add(link.where, link.field, "note_text_unavailable", `note text not available: ${link.url} ${why}`, {
        event: link.event,
        url: link.url,
      });
    }
  }
}
