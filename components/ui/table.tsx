import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { card } from "./card";
import { cn } from "./cn";

interface TableProps extends HTMLAttributes<HTMLTableElement> {
  caption?: string;
  /** On its own card (a page's list); false inside a card that already frames it. */
  framed?: boolean;
}

/** A plain data table in the house style (lists that need no sorting or paging; else DataTable). */
export function Table({ className, caption, framed = true, children, ...props }: TableProps) {
  return (
    <div className={framed ? card({ padding: "none", raised: true, className: "overflow-x-auto" }) : "overflow-x-auto"}>
      <table className={cn("min-w-full divide-y divide-slate-200 text-sm", className)} {...props}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
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
