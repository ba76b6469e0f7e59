import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { card } from "./card";
import { cn } from "./cn";
import { variants } from "./variants";

// "list": a page's list of things (uppercase heads, roomy cells; Th/Td).
// "report": the dense numbers of the dashboard and the evaluation pages. A report table styles
// its head and the padding of every cell from the table itself, so its cells carry only their
// alignment and weight, and a long table's HTML stays small.
// "grid": a matrix or a panel whose cells size and colour themselves (heat maps, lab panels).
const tableClass = variants(
  "",
  {
    variant: {
      list: "min-w-full divide-y divide-slate-200 text-sm",
      report:
        "w-full border-collapse text-sm text-slate-800 [&_thead]:border-b [&_thead]:border-slate-300 [&_thead]:text-xs [&_thead]:text-slate-600 [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1",
      grid: "border-collapse text-sm",
    },
  },
  { variant: "list" },
);

/**
 * For a report table whose rows are items (a page of a long list): every row's top rule, and its
 * row header the item's id, a link, set once on the table instead of on each of its rows.
 */
export const ITEM_ROWS =
  "[&_tbody_tr]:border-t [&_tbody_tr]:border-slate-100 [&_tbody_th]:text-left [&_tbody_th]:font-mono [&_tbody_th]:font-normal [&_tbody_th_a]:text-teal-800 [&_tbody_th_a]:underline-offset-2 [&_tbody_th_a:hover]:underline";

interface TableProps extends Omit<HTMLAttributes<HTMLTableElement>, "title"> {
  /** Read out only (a list whose heading says what it is). */
  caption?: string;
  /** A visible caption: the table's title and, under it, one line on how to read it. */
  title?: ReactNode;
  note?: ReactNode;
  variant?: "list" | "report" | "grid";
  /** On its own card (a page's list); false inside a card that already frames it. Reports are never framed. */
  framed?: boolean;
  /** Scrolls sideways inside its own box when wider than the page (the default). */
  scroll?: boolean;
}

/** A data table in the house style: lists without client-side sorting (else DataTable), server-paged with PageLinks. */
export function Table({
  className,
  caption,
  title,
  note,
  variant = "list",
  framed = variant === "list",
  scroll = true,
  children,
  ...props
}: TableProps) {
  const table = (
    <table className={tableClass({ variant, className })} {...props}>
      {caption && <caption className="sr-only">{caption}</caption>}
      {title && (
        <caption className="mb-2 text-left">
          <span className="block text-sm font-semibold text-slate-900">{title}</span>
          {note && <span className="block text-xs font-normal text-slate-600">{note}</span>}
        </caption>
      )}
      {children}
    </table>
  );
  if (framed) return <div className={card({ padding: "none", raised: true, className: "overflow-x-auto" })}>{table}</div>;
  return scroll ? <div className="overflow-x-auto">{table}</div> : table;
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <thead className={cn("bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600", className)} {...props} />
  );
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function Th({ className, numeric, ...props }: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return <th scope="col" className={cn("px-4 py-3", numeric && "text-right", className)} {...props} />;
}

export function Td({ className, numeric, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return <td className={cn("px-4 py-3", numeric && "text-right tabular-nums", className)} {...props} />;
}
