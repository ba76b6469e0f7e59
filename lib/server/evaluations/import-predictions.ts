import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { parsePredictions, predictionsChecksum } from "../../evaluation/predictions";
import type { FormatIssue } from "../../formats";
import { recordEvent } from "../audit-trail";
import { rowWriter } from "../datasets/row-writer";
import { loadEvalDataset } from "./load-dataset";

export interface PredictionUpload {
  datasetId: string;
  /** Shown in lists; default: the file name without its extension. */
  name?: string;
  fileName: string;
  bytes: Uint8Array;
  /** Reply files (answers_<model>.csv, EHRNoteQA output): the model's name, instead of the file's. */
  model?: string;
}

export type PredictionImportOutcome =
  | { status: "imported"; setId: string; name: string; rows: number; models: string[]; scopes: string[] }
  | { status: "unchanged"; setId: string; name: string }
  | { status: "invalid"; issues: FormatIssue[]; total: number }
  | { status: "no-dataset" };

const MAX_NAME = 200;
/** Stored for a raw reply that named no option (read back as null: scored wrong). */
export const NO_OPTION = "";

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/**
 * Imports a prediction file for one dataset version, all or nothing: every problem located
 * and nothing written unless the whole file is valid; the same bytes again change nothing.
 * The set, its rows and the audit-trail entry are written in one transaction.
 */
export async function importPredictions(db: Db, actorId: string | null, upload: PredictionUpload): Promise<PredictionImportOutcome> {
  const checksum = predictionsChecksum(upload.bytes);
  const same = () =>
    db.predictionSet.findUnique({
      where: { datasetId_checksum: { datasetId: upload.datasetId, checksum } },
      select: { id: true, name: true },
    });
  const existing = await same();
  if (existing) return { status: "unchanged", setId: existing.id, name: existing.name };
  const stored = await loadEvalDataset(db, upload.datasetId);
  if (!stored) return { status: "no-dataset" };

  const text = Buffer.from(upload.bytes).toString("utf8");
  const parsed = await parsePredictions(
    { name: upload.fileName, chunks: [text] },
    stored.dataset,
    upload.model ? { model: upload.model } : {},
  );
  if (!parsed.ok) return { status: "invalid", issues: parsed.issues, total: parsed.total };
  const name = (upload.name?.trim() || upload.fileName.replace(/\.[^.]*$/, "") || "predictions").slice(0, MAX_NAME);
  const { rows, models, scopes, format } = parsed.predictions;
  const setId = randomUUID();
  try {
    await db.$transaction(
      async (tx) => {
        await tx.predictionSet.create({
          data: {
            id: setId,
            datasetId: upload.datasetId,
            name,
            fileName: upload.fileName,
            format,
            checksum,
            models,
            scopes,
            rowCount: rows.length,
            createdById: actorId,
          },
        });
        const insert = rowWriter(db, tx);
        for (const [position, r] of rows.entries()) {
          const full = insert.add("Prediction", {
            setId,
            position,
            model: r.model,
            scope: r.scope,
            itemId: stored.rowIds.get(r.itemId)!,
            turn: r.turn,
            option: r.option ?? NO_OPTION,
          });
          if (full) await full;
        }
        await insert.flushAll();
        await recordEvent(tx, {
          actorId,
          action: "evaluation.import",
          entity: "PredictionSet",
          entityId: setId,
          after: { datasetId: upload.datasetId, name, fileName: upload.fileName, checksum, rows: rows.length, models, scopes },
        });
      },
      { timeout: 10 * 60_000, maxWait: 60_000 },
    );
  } catch (error) {
    // The same file uploaded twice at once: the other upload won; that is "unchanged".
    const winner = isUniqueViolation(error) ? await same() : null;
    if (winner) return { status: "unchanged", setId: winner.id, name: winner.name };
    throw error;
  }
  return { status: "imported", setId, name, rows: rows.length, models, scopes };
}
