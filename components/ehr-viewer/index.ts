/**
 * Public surface of the record viewers. Fixtures are deliberately not re-exported so demo
 * data never ends up in a client bundle by accident; import "./fixtures" explicitly.
 */
export { EhrViewer, type EhrViewerProps } from "./ehr-viewer";
export { NoteViewer, type NoteViewerProps } from "./note-viewer";
export type { EventType, ViewerEvent, ViewerMeasurement, ViewerNote, ViewerNoteSection } from "./types";
