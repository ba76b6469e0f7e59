// The kept latent-class intervals (the LatentClassInterval table): one row per audit and
// dimension, its B replicate values as float64 little-endian bytes.
import "server-only";
import type { Db } from "../../../db/client";
import type { LatentClassBootstrap } from "../../../agreement/latent-class";
import type { KeptLatentInterval } from "../../../reports/latent-class";

/** The audit's kept intervals, whatever inputs they were computed from (the report matches them). */
export async function loadLatentIntervals(db: Db, auditId: string): Promise<KeptLatentInterval[]> {
  const rows = await db.latentClassInterval.findMany({
    where: { auditId },
    orderBy: { dimension: "asc" },
    select: { dimension: true, inputs: true, interval: true, values: true },
  });
  return rows.map((r) => ({
    dimension: r.dimension,
    inputs: r.inputs,
    interval: r.interval as unknown as LatentClassBootstrap,
    values: fromBytes(r.values),
  }));
}

/** Whether the audit's dimension has an interval kept for these inputs. */
export async function hasLatentInterval(db: Db, auditId: string, dimension: string, inputs: string): Promise<boolean> {
  const row = await db.latentClassInterval.findUnique({ where: { auditId_dimension: { auditId, dimension } }, select: { inputs: true } });
  return row?.inputs === inputs;
}

/** Keeps one dimension's interval, replacing the one computed from its earlier ratings. */
export async function saveLatentInterval(db: Db, auditId: string, kept: KeptLatentInterval, computeMs: number): Promise<void> {
  const data = {
    inputs: kept.inputs,
    interval: { ...kept.interval },
    values: toBytes(kept.values),
    computeMs: Math.round(computeMs),
    computedAt: new Date(),
  };
  await db.latentClassInterval.upsert({
    where: { auditId_dimension: { auditId, dimension: kept.dimension } },
    create: { auditId, dimension: kept.dimension, ...data },
    update: data,
  });
}

function toBytes(values: Float64Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(values.length * 8);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat64(i * 8, v, true));
  return bytes;
}

function fromBytes(bytes: Uint8Array): Float64Array {
  if (bytes.byteLength % 8 !== 0) throw new Error(`a kept interval's values are ${bytes.byteLength} bytes, not whole float64s`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float64Array.from({ length: bytes.byteLength / 8 }, (_, i) => view.getFloat64(i * 8, true));
}
