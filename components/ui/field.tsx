import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-red-600";

interface FieldProps {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

export function TextField({ label, name, error, hint, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={name} name={name} className={CONTROL} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && !error && <p id={`${name}-hint`} className="text-xs text-slate-600">{hint}</p>}
      {error && <p id={`${name}-error`} className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

export function SelectField({
  label,
  name,
  error,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={name} name={name} className={CONTROL} aria-invalid={error ? true : undefined} {...props}>
        {children}
      </select>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
