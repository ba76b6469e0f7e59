import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { Table } from "../ui/table";

export interface Composition {
  frameSize: number;
  sampleSize: number;
  byKey: {
    key: string;
    values: {
      value: string | null;
      frameCount: number;
      sampleCount: number;
      frameShare: number;
      sampleShare: number;
      expectedCount: number;
    }[];
  }[];
}

const KEYS = ["chapter", "level", "decisionPoint"] as const;
const isKey = (k: string): k is (typeof KEYS)[number] => (KEYS as readonly string[]).includes(k);

/** Sample against frame, per stratification key: what the organizer checks before opening. */
export function CompositionTable({ composition }: { composition: Composition }) {
  const t = useTranslations("audits.composition");
  const format = useFormatter();
  const pct = (x: number) => `${format.number(Number((x * 100).toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
  return (
    <div className="mt-4 space-y-5">
      {composition.byKey.map((k) => (
        <Table key={k.key} variant="report" scroll={false}>
          <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            {isKey(k.key) ? t(`key.${k.key}`) : k.key}
          </caption>
          <thead className="text-left">
            <tr>
              <th scope="col" className="font-medium">
                {t("value")}
              </th>
              <th scope="col" className="text-right font-medium">
                {t("sample")}
              </th>
              <th scope="col" className="text-right font-medium">
                {t("share")}
              </th>
              <th scope="col" className="text-right font-medium">
                {t("frame")}
              </th>
              <th scope="col" className="text-right font-medium">
                {t("share")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {k.values.map((v) => (
              <tr key={v.value ?? "∅"}>
                {/* The sampling frame files items without a stratum value under "unknown". */}
                <td>{v.value === null ? "—" : v.value === "unknown" ? t("unknown") : v.value}</td>
                <td className="text-right tabular-nums">{v.sampleCount}</td>
                <td className="text-right tabular-nums">{pct(v.sampleShare)}</td>
                <td className="text-right tabular-nums text-slate-600">{format.number(v.frameCount)}</td>
                <td className="text-right tabular-nums text-slate-600">{pct(v.frameShare)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ))}
    </div>
  );
}
