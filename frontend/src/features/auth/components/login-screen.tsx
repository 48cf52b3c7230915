import { useMemo, useState } from "react";
import { Link } from "../../../ui/link";
import { authErrorCode, authErrorText, useAuth } from "../../../lib/auth";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { login } from "../api/login";
import { useContinue } from "../hooks/use-continue";
import { AuthCard } from "./auth-card";
import { GoogleButton, OrDivider } from "./google-button";
import { ResendConfirmation } from "./resend-confirmation";

export function LoginScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { signIn } = useAuth();
  const goOn = useContinue();
  // The address that still has to be confirmed, after a login it blocked.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const fields = useMemo<FieldDefinitions>(
    () => ({
      identifier: { label: t("forms.labels.email"), rules: "required|email" },
      password: { label: t("forms.labels.password"), rules: "required" },
    }),
    [t],
  );
  const submit = async (values: Record<string, unknown>) => {
    const identifier = String(values.identifier).trim();
    setUnconfirmed(null);
    try {
      const { jwt } = await login({ identifier, password: String(values.password) });
      await signIn(jwt);
    } catch (error) {
      if (authErrorCode(error) === "email_not_confirmed") setUnconfirmed(identifier);
      throw error;
    }
    goOn();
  };
  return (
    <AuthCard title={t("routes.login")} intro={t("auth.login.intro")}>
      <GoogleButton />
      <OrDivider />
      <Form
        id="login"
        fields={fields}
        incompleteMessage={t("forms.incomplete")}
        describeError={(error) => ({ form: authErrorText(error, t) })}
        onSubmit={submit}
      >
        <TextField name="identifier" type="email" autoComplete="username" inputMode="email" />
        <TextField name="password" type="password" autoComplete="current-password" />
        <p className="auth-card__aside">
          <Link to={routePath("forgot-password", locale)}>{t("auth.login.forgot")}</Link>
        </p>
        <SubmitButton>{t("auth.login.submit")}</SubmitButton>
      </Form>
      {unconfirmed ? <ResendConfirmation email={unconfirmed} /> : null}
      <p className="auth-card__switch">
        {t("auth.login.noAccount")} <Link to={routePath("register", locale)}>{t("auth.login.register")}</Link>
      </p>
    </AuthCard>
  );
}
