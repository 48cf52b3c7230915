import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Link } from "../../../ui/link";
import { authErrorCode, describeAuthError, useAuth } from "../../../lib/auth";
import { Form, PasswordFields, SubmitButton } from "../../../lib/forms";
import { useHydrated } from "../../../lib/hydration";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { useAccountPath } from "../../../lib/pages/account-path";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { resetPassword } from "../api/reset-password";
import { newPasswordFields } from "../utils/password-fields";
import { AuthCard } from "./auth-card";

/** `/reset?code=…` from the e-mail: a new password, then signed in on the account page.
 * `&first=1` (the link a guest's order mails with its new account): the account has no
 * password yet, so the page asks to choose one instead of a new one. */
export function ResetScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const accountPath = useAccountPath(locale);
  const { signIn } = useAuth();
  // The query string only counts once hydrated: the published HTML was rendered without one.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const code = hydrated ? params.get("code") : "";
  const first = hydrated && params.get("first") === "1";
  const [expired, setExpired] = useState(false);
  const fields = useMemo(() => newPasswordFields(t), [t]);
  const forgotPath = routePath("forgot-password", locale);

  if (code === null) {
    return (
      <AuthCard title={t("auth.reset.invalidTitle")} intro={t("auth.errors.invalidCode")}>
        <ButtonLink to={forgotPath}>{t("auth.reset.requestNew")}</ButtonLink>
      </AuthCard>
    );
  }
  const submit = async (values: Record<string, unknown>) => {
    setExpired(false);
    try {
      const { jwt } = await resetPassword({
        code,
        password: String(values.password),
        passwordConfirmation: String(values.passwordConfirmation),
      });
      await signIn(jwt);
    } catch (error) {
      if (authErrorCode(error) === "invalid_code") setExpired(true);
      throw error;
    }
    void navigate(accountPath);
  };
  return (
    <AuthCard
      title={first ? t("auth.reset.firstTitle") : t("routes.reset")}
      intro={first ? t("auth.reset.firstIntro") : t("auth.reset.intro")}
    >
      <Form
        id="reset"
        fields={fields}
        incompleteMessage={t("forms.incomplete")}
        describeError={(error) => describeAuthError(error, t, { passwords_mismatch: "passwordConfirmation" })}
        onSubmit={submit}
      >
        <PasswordFields name="password" confirmation="passwordConfirmation" help={t("auth.passwordHelp")} />
        <SubmitButton>{first ? t("auth.reset.firstSubmit") : t("auth.reset.submit")}</SubmitButton>
      </Form>
      {expired ? (
        <p className="auth-card__switch">
          <Link to={forgotPath}>{t("auth.reset.requestNew")}</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
