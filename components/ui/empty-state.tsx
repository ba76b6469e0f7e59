import type { ReactNode } from "react";
import { cn } from "./cn";

/** What a list says when it has nothing yet: one calm sentence, optionally the action that fills it. */
export function EmptyState({ children, action, className }: { children: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600", className)}>
      <p>{children}</p>
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
