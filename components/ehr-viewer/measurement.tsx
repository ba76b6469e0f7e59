/**
 * Measurement display: value + unit, reference range and the abnormal flag as text + glyph
 * ("23.4 µmol/L (≤ 10) H ▲"), never colour alone. Panels are compact tables.
 */
import { useTranslations } from "@/lib/i18n/client";
import { cn } from "@/components/ui/cn";
import { Table } from "@/components/ui/table";
import { formatMeasurement, type FlagInfo } from "./format";
import { Highlight } from "./highlight";
import { eventField, rangesFor, type SearchHit } from "./search";
import type { ViewerMeasurement } from "./types";

const FLAG_TONE = {
  high: "text-red-800",
  low: "text-blue-800",
  abnormal: "text-amber-900",
  normal: "text-slate-700",
} as const;

export function FlagMark({ flag }: { flag: FlagInfo }) {
  const t = useTranslations("ehrViewer.flags");
  // Coded flags are spoken in the reader's words; free text is read as written.
  const spoken = flag.code ? t(flag.code) : flag.label;
  return (
    <span
      className={cn(
        "whitespace-nowrap font-semibold",
        FLAG_TONE[flag.direction],
        flag.critical && "rounded bg-red-50 px-1 ring-1 ring-inset ring-red-300",
      )}
    >
      {flag.label}
      {flag.symbol && <span aria-hidden="true">{` ${flag.symbol}`}</span>}
      {spoken !== flag.label && <span className="sr-only">{` (${spoken})`}</span>}
    </span>
  );
}

interface LineProps {
  m: ViewerMeasurement;
  showName: boolean;
  hits?: readonly SearchHit[];
  current?: SearchHit | null;
}

/** Single-value event line: optional name (when it differs from the event name), value, range, flag. */
export function MeasurementLine({ m, showName, hits, current }: LineProps) {
  const f = formatMeasurement(m);
  if (!f.value && !f.flag) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 pl-12 text-sm leading-5">
      {showName && (
        <span className="text-slate-600">
          <Highlight text={m.name} hits={rangesFor(hits, eventField.measurementName)} current={current} />:
        </span>
      )}
      {f.value && (
        <span className={cn("tabular-nums", f.flag && "font-semibold")}>
          <Highlight text={f.value} hits={rangesFor(hits, eventField.measurementValue)} current={current} />
        </span>
      )}
      {f.range && <span className="text-slate-600">{f.range}</span>}
      {f.flag && <FlagMark flag={f.flag} />}
    </div>
  );
}

/** Panel (e.g. an ultrasound biometry or a blood count) as a compact name/value/range/flag table. */
export function PanelTable({
  items,
  hits,
  current,
}: {
  items: readonly ViewerMeasurement[];
  hits?: readonly SearchHit[];
  current?: SearchHit | null;
}) {
  return (
    <Table variant="grid" scroll={false} className="mt-1.5 ml-12 leading-5">
      <tbody>
        {items.map((item, i) => {
          const f = formatMeasurement(item);
          return (
            <tr key={i}>
              <th scope="row" className="py-px pr-4 text-left align-baseline font-normal text-slate-600">
                <Highlight text={item.name} hits={rangesFor(hits, eventField.itemName(i))} current={current} />
              </th>
              <td className={cn("py-px pr-3 align-baseline tabular-nums", f.flag && "font-semibold")}>
                {f.value ? <Highlight text={f.value} hits={rangesFor(hits, eventField.itemValue(i))} current={current} /> : "—"}
              </td>
              <td className="py-px pr-3 align-baseline text-slate-600">{f.range}</td>
              <td className="py-px align-baseline">{f.flag && <FlagMark flag={f.flag} />}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
