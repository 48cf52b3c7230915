import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Link } from "../../../ui/link";
import { describeAuthError } from "../../../lib/auth";
import { useHydrated } from "../../../lib/hydration";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { forgotPassword } from "../api/forgot-password";
import { AuthCard } from "./auth-card";

/**
 * Asks for a reset link. The answer never tells whether the address has an account. With
 * `?first=1` (the "set your password" links) it is worded for a parent who never chose one: a
 * guest's order made their account. The same link sets it.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  // The published HTML knows no query string: the wording follows it once hydrated.
  const first = useHydrated() && params.get("first") === "1";
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useMemo<FieldDefinitions>(() => ({ email: { label: t("forms.labels.email"), rules: "required|email" } }), [t]);
  const submit = async (values: Record<string, unknown>) => {
    const email = String(values.email).trim();
    await forgotPassword(email);
    setSentTo(email);
  };
  return (
    <AuthCard title={first ? t("auth.forgot.firstTitle") : t("routes.forgot-password")} intro={first ? t("auth.forgot.firstIntro") : t("auth.forgot.intro")}>
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
