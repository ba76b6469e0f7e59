/**
 * One adjudication change (a new rationale on the first adjudicated item), as the adjudication
 * page saves it: the corrected benchmark's state changes, so its cached files no longer apply.
 *   node --conditions=react-server --import tsx bench/corrected/change.ts --data DIR --audit ID --rev N
 */
import path from "node:path";
import { createDb } from "../../lib/db/client";
import { reviseAdjudication } from "../lib/revise-adjudication";

const args = process.argv.slice(2);
const flag = (name: string) => args[args.indexOf(name) + 1]!;
const db = createDb(`file:${path.join(path.resolve(flag("--data")), "clinaudit.db")}`);
try {
  await reviseAdjudication(db, flag("--audit"), flag("--rev"));
} finally {
  await db.$disconnect();
}
