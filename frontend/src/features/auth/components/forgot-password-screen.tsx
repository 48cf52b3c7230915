import { useMemo, useState } from "react";
import { Link } from "../../../ui/link";
import { describeAuthError } from "../../../lib/auth";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { forgotPassword } from "../api/forgot-password";
import { AuthCard } from "./auth-card";

/** Asks for a reset link. The answer never tells whether the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useMemo<FieldDefinitions>(() => ({ email: { label: t("forms.labels.email"), rules: "required|email" } }), [t]);
  const submit = async (values: Record<string, unknown>) => {
    const email = String(values.email).trim();
    await forgotPassword(email);
    setSentTo(email);
  };
  return (
    <AuthCard title={t("routes.forgot-password")} intro={t("auth.forgot.intro")}>
      <Form
        id="forgot-password"
        fields={fields}
        incompleteMessage={t("forms.incomplete")}
        successMessage={sentTo ? t("auth.forgot.sent", { email: sentTo }) : undefined}
        describeError={(error) => describeAuthError(error, t)}
        onSubmit={submit}
      >
        <TextField name="email" type="email" autoComplete="email" inputMode="email" />
        <SubmitButton>{t("auth.forgot.submit")}</SubmitButton>
      </Form>
      <p className="auth-card__switch">
        <Link to={routePath("login", locale)}>{t("auth.backToLogin")}</Link>
      </p>
    </AuthCard>
  );
}
