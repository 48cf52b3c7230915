import { useMemo, useState } from "react";
import { Link } from "../../../ui/link";
import { authErrorCode, describeAuthError, useAuth } from "../../../lib/auth";
import { Form, PasswordFields, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { register } from "../api/register";
import { useContinueTarget } from "../hooks/use-continue";
import { newPasswordFields } from "../utils/password-fields";
import { AuthCard } from "./auth-card";
import { GoogleButton, OrDivider } from "./google-button";

/** After registering: signed in, and told to confirm the e-mail address; then on to where they were going. */
function Registered({ email, next }: { email: string; next: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.register.doneTitle")} focusTitle>
      <p className="auth-card__message" role="status">
        {t("auth.register.checkEmail", { email })}
      </p>
      <p className="auth-card__hint">{t("auth.register.spamHint")}</p>
      <ButtonLink to={next}>{t("auth.register.continue")}</ButtonLink>
    </AuthCard>
  );
}

export function RegisterScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { signIn } = useAuth();
  const continueTarget = useContinueTarget();
  const [done, setDone] = useState<{ email: string; next: string } | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const fields = useMemo<FieldDefinitions>(
    () => ({ email: { label: t("forms.labels.email"), rules: "required|email|length:3,254" }, ...newPasswordFields(t) }),
    [t],
  );
  if (done) return <Registered email={done.email} next={done.next} />;

  const submit = async (values: Record<string, unknown>) => {
    const email = String(values.email).trim();
    setTaken(null);
    try {
      const { jwt } = await register({ email, password: String(values.password) });
      await signIn(jwt);
    } catch (error) {
      if (authErrorCode(error) === "email_taken") setTaken(email);
      throw error;
    }
    setDone({ email, next: continueTarget() });
  };
  const loginPath = routePath("login", locale);
  return (
    <AuthCard title={t("routes.register")} intro={t("auth.register.intro")}>
      <GoogleButton />
      <OrDivider />
      <Form
        id="register"
        fields={fields}
        incompleteMessage={t("forms.incomplete")}
        describeError={(error) => describeAuthError(error, t, { email_taken: "email" })}
        onSubmit={submit}
      >
        <TextField name="email" type="email" autoComplete="email" inputMode="email" />
        {taken ? (
          <p className="auth-card__hint" data-testid="email-taken">
            <Link to={loginPath}>{t("auth.register.takenLogin")}</Link>
            {" · "}
            <Link to={routePath("forgot-password", locale)}>{t("auth.register.takenForgot")}</Link>
          </p>
        ) : null}
        <PasswordFields name="password" confirmation="passwordConfirmation" help={t("auth.passwordHelp")} />
        <SubmitButton>{t("auth.register.submit")}</SubmitButton>
      </Form>
      <p className="auth-card__switch">
        {t("auth.register.haveAccount")} <Link to={loginPath}>{t("auth.register.login")}</Link>
      </p>
    </AuthCard>
  );
}
