import type { ReactNode } from "react";
import { cn } from "./cn";

const frame = "rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600";

/** What a list says when it has nothing yet: one calm sentence, optionally the action that fills it. */
export function EmptyState({ children, action, className }: { children: ReactNode; action?: ReactNode; className?: string }) {
  if (!action) return <p className={cn(frame, className)}>{children}</p>;
  return (
    <div className={cn(frame, className)}>
      <p>{children}</p>
      <div className="mt-4 flex justify-center">{action}</div>
    </div>
  );
}
