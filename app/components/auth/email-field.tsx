import { useTranslation } from "~/i18n/react";
import { Field } from "~/components/ui/field";
import { normalizeEmail } from "~/domain/email";

/** The e-mail input of the sign-in side: lowercased and trimmed as it is typed (SPEC.md section 5). */
export function EmailField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (email: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <Field
      id="email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      maxLength={320}
      autoFocus={autoFocus}
      label={t("email_label")}
      placeholder={t("email_placeholder")}
      value={value}
      onChange={(event) => onChange(normalizeEmail(event.target.value))}
      error={error ? t(error) : null}
    />
  );
}
