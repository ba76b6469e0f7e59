import { cloneElement, type InputHTMLAttributes, type ReactElement, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "./cn";

/** The house text control (input, select, textarea); invalid controls get a red border. */
export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-red-600 disabled:bg-slate-50";

interface ControlAria {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id; the hint and error ids derive from it. */
  id: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** One control element: Field gives it the id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlAria>;
}

/**
 * Label + control + hint + error. The control is described by its error and its hint (a screen
 * reader hears what is wrong first, then the rule), and is marked invalid while an error shows.
 */
export function Field({ label, id, hint, error, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId, children.props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface NamedFieldProps {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Classes for the wrapper (grid placement); className goes to the control. */
  containerClassName?: string;
}

export function TextField({
  label,
  name,
  error,
  hint,
  className,
  containerClassName,
  ...props
}: NamedFieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} id={name} hint={hint} error={error} className={containerClassName}>
      <input name={name} className={cn(controlClass, className)} {...props} />
    </Field>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  className,
  containerClassName,
  children,
  ...props
}: NamedFieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} id={name} hint={hint} error={error} className={containerClassName}>
      <select name={name} className={cn(controlClass, className)} {...props}>
        {children}
      </select>
    </Field>
  );
}
