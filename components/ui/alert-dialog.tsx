"use client";
import * as Primitive from "@radix-ui/react-alert-dialog";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cn } from "./cn";

/**
 * A confirmation that must be answered: Radix's alert dialog (focus trapped inside and put on
 * Cancel, so the destructive answer is never the default; Esc and Cancel close it; focus returns to
 * the trigger; the page behind is inert), in the house style. Clicking outside does not dismiss it,
 * so a decision is never taken by a stray click.
 */
export const AlertDialog = Primitive.Root;
export const AlertDialogTrigger = Primitive.Trigger;
export const AlertDialogTitle = ({ className, ...props }: ComponentPropsWithoutRef<typeof Primitive.Title>) => (
  <Primitive.Title className={cn("text-lg font-semibold text-slate-900", className)} {...props} />
);
export const AlertDialogDescription = ({ className, ...props }: ComponentPropsWithoutRef<typeof Primitive.Description>) => (
  <Primitive.Description className={cn("mt-2 text-sm text-slate-700", className)} {...props} />
);
/** Wraps a Button (asChild): answering closes the dialog unless the handler calls preventDefault. */
export const AlertDialogAction = (props: ComponentPropsWithoutRef<typeof Primitive.Action>) => <Primitive.Action asChild {...props} />;
export const AlertDialogCancel = (props: ComponentPropsWithoutRef<typeof Primitive.Cancel>) => <Primitive.Cancel asChild {...props} />;

export function AlertDialogContent({
  children,
  className,
  ...props
}: ComponentPropsWithoutRef<typeof Primitive.Content> & { children: ReactNode }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <Primitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 shadow-xl focus:outline-none",
          className,
        )}
        {...props}
      >
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function AlertDialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-3">{children}</div>;
}
