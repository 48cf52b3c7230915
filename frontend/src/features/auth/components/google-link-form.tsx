import { useMemo } from "react";
import { Link } from "../../../ui/link";
import { authErrorText, useAuth } from "../../../lib/auth";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { googleLink } from "../api/google-link";
import { useContinue } from "../hooks/use-continue";
import { AuthCard } from "./auth-card";

type Props = { code: string; email: string };

/**
 * Google proved an address that already has a confirmed Splash account with a password: never
 * linked silently — the owner proves the password once, then Google signs them straight in.
 */
export function GoogleLinkForm({ code, email }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { signIn } = useAuth();
  const goOn = useContinue();
  const fields = useMemo<FieldDefinitions>(
    () => ({ password: { label: t("forms.labels.password"), rules: "required" } }),
    [t],
  );
  const submit = async (values: Record<string, unknown>) => {
    const { jwt } = await googleLink({ code, password: String(values.password) });
    await signIn(jwt);
    goOn({ replace: true });
  };
  return (
    <AuthCard title={t("auth.google.linkTitle")} intro={t("auth.google.linkIntro", { email })} focusTitle>
      <Form
        id="google-link"
        fields={fields}
        incompleteMessage={t("forms.incomplete")}
        describeError={(error) => ({ form: authErrorText(error, t) })}
        onSubmit={submit}
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField name="password" type="password" autoComplete="current-password" />
        <p className="auth-card__aside">
          <Link to={routePath("forgot-password", locale)}>{t("auth.login.forgot")}</Link>
        </p>
        <SubmitButton>{t("auth.google.linkSubmit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
