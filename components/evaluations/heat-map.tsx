/**
 * A heat map as a table: one row per group (chapter, evidence level, number of notes), one
 * column per model × scope. Every cell prints its accuracy (%) and n; the shade (light = low,
 * dark = high, always dark text for contrast) only repeats the number. The interval is in
 * each cell's title and in the exports.
 */
import { pct } from "@/lib/evaluation/report-format";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

export interface HeatCell {
  accuracy: number | null;
  total: number;
  /** The cell's tooltip, e.g. with the interval. */
  title: string;
}

export interface HeatMapProps {
  title: string;
  note: string;
  rowLabel: string;
  rows: string[];
  models: string[];
  scopes: string[];
  cell: (model: string, scope: string, row: string) => HeatCell | undefined;
  /** Counts as the reader's locale writes them. */
  count: (n: number) => string;
  testId: string;
}

/** Teal from near white (0%) to mid teal (100%): dark text stays above 4.5:1 contrast throughout. */
function shade(accuracy: number): string {
  return `hsl(174 55% ${Math.round(97 - 55 * accuracy)}%)`;
}

export function HeatMap({ title, note, rowLabel, rows, models, scopes, cell, count, testId }: HeatMapProps) {
  const pairs = models.flatMap((m) => scopes.filter((s) => rows.some((r) => cell(m, s, r))).map((s) => ({ m, s })));
  return (
    <Card as="section">
      <Table variant="grid" className="text-slate-900" title={title} note={note} data-testid={testId}>
        <thead className="text-xs text-slate-700">
          <tr>
            <td />
            {models.map((m) => {
              const span = pairs.filter((p) => p.m === m).length;
              return span === 0 ? null : (
                <th key={m} scope="colgroup" colSpan={span} className="border-b border-slate-300 px-1 py-1 text-center font-semibold">
                  {m}
                </th>
              );
            })}
          </tr>
          <tr>
            <th scope="col" className="px-2 py-1 text-left">
              {rowLabel}
            </th>
            {pairs.map(({ m, s }) => (
              <th key={`${m}-${s}`} scope="col" className="max-w-24 px-1 py-1 text-center font-normal">
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r}>
              <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">
                {r}
              </th>
              {pairs.map(({ m, s }) => {
                const c = cell(m, s, r);
                if (!c || c.accuracy === null)
                  return (
                    <td key={`${m}-${s}`} className="border border-white px-2 py-1 text-center text-slate-600">
                      –
                    </td>
                  );
                return (
                  <td
                    key={`${m}-${s}`}
                    className="border border-white px-2 py-1 text-center tabular-nums"
                    style={{ backgroundColor: shade(c.accuracy) }}
                    title={c.title}
                  >
                    <span className="font-semibold">{pct(c.accuracy)}</span>
                    <span className="block text-[10px]">n={count(c.total)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
