// What does not fit an item, as a domain code with values (the `adjudication` group of
// messages/<locale>/domain.json): the web words it in the reader's language, `message` is its
// English (the command line, the change log's tests), located at the item and turn.
import { type DomainCode, type DomainMessage, type DomainValues, domainMessage, english } from "../i18n/domain";

/** Where a correction does not fit: the item's key and, for a conversation, the turn. */
export interface CorrectionAt {
  item: string;
  turn?: number;
}

const located = (at: CorrectionAt | undefined, said: DomainMessage) =>
  at ? `${at.item}${at.turn ? ` turn ${at.turn}` : ""}: ${english(said)}` : english(said);

export class CorrectionError extends Error {
  override name = "CorrectionError";
  constructor(
    readonly said: DomainMessage,
    readonly at?: CorrectionAt,
  ) {
    super(located(at, said));
  }
}

/** A correction at `at` that does not fit, by its code. */
export const misfit = (at: CorrectionAt, code: DomainCode, values?: DomainValues) => new CorrectionError(domainMessage(code, values), at);

/** Evidence that does not fit the item's record (lib/adjudication/evidence.ts). */
export class EvidenceError extends Error {
  override name = "EvidenceError";
  constructor(
    readonly said: DomainMessage,
    readonly item: string,
  ) {
    super(located({ item }, said));
  }
}
