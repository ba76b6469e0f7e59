"use client";
import { useTranslations } from "@/lib/i18n/client";
import { TextField } from "../ui/field";

export interface NewPassword {
  next: string;
  confirm: string;
}

/**
 * The new password twice, as every password form asks for it (own change, the forced change
 * after a temporary password): new-password autocomplete, the rule as a hint, each field's error.
 */
export function NewPasswordFields({
  value,
  onChange,
  errors,
  hint,
  autoFocus,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  errors: Record<string, string>;
  hint: string;
  autoFocus?: boolean;
}) {
  const t = useTranslations("auth.account");
  return (
    <>
      <TextField
        label={t("next")}
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={value.next}
        onChange={(e) => onChange({ ...value, next: e.target.value })}
        error={errors.next}
        hint={hint}
        required
        autoFocus={autoFocus}
      />
      <TextField
        label={t("confirm")}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        onChange={(e) => onChange({ ...value, confirm: e.target.value })}
        error={errors.confirm}
        required
      />
    </>
  );
}
