"use client";
import { type ReactElement, type ReactNode, type RefObject, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";
import { Button, type ButtonVariant } from "./button";

export interface ConfirmDialogProps {
  /** The button that opens it (a <Button>); leave out and pass `open` for a dialog opened by other means. */
  trigger?: ReactElement;
  /** Controlled opening (e.g. after a select changed); `onOpenChange(false)` reports a cancel. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes back when there is no trigger (the select that asked). */
  returnFocus?: RefObject<HTMLElement | null>;
  title: string;
  /** One sentence saying what will happen; longer content goes in children. */
  description?: ReactNode;
  children?: ReactNode;
  confirm: string;
  confirmVariant?: ButtonVariant;
  cancel: string;
  testId?: string;
  /** Runs the action; a returned message keeps the dialog open and shows it, null closes it. */
  onConfirm: () => Promise<string | null>;
}

/**
 * The app's replacement for window.confirm: an explicit question that stays until the action has
 * answered (its buttons are disabled meanwhile, and a failure is shown inside the dialog).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, returnFocus, title, description, children, confirm, confirmVariant = "primary", cancel, testId, onConfirm } = props;
  const [ownOpen, setOwnOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = props.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setError(null);
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        data-testid={testId}
        onCloseAutoFocus={(e) => {
          if (trigger || !returnFocus?.current) return;
          e.preventDefault();
          returnFocus.current.focus();
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {description && <AlertDialogDescription>{description}</AlertDialogDescription>}
        {children}
        {error && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {error}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Button variant="secondary" disabled={pending}>
              {cancel}
            </Button>
          </AlertDialogCancel>
          <AlertDialogAction
            onClick={async (e) => {
              e.preventDefault();
              setPending(true);
              let message: string | null;
              try {
                message = await onConfirm();
              } finally {
                setPending(false);
              }
              if (message === null) setOpen(false);
              else setError(message);
            }}
          >
            <Button variant={confirmVariant} disabled={pending}>
              {confirm}
            </Button>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
