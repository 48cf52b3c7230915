import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { Form, SubmitButton, TextField, type Values } from "../../lib/forms";
import type { ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { signIn } from "../api";
import { ErrorSummary } from "../forms";
import { Heading } from "../heading";
import { useSession } from "../session";

/**
 * Signing in: e-mail, password and the authenticator's code (or a recovery code). A refusal
 * says one thing whatever was wrong, as the server does; too many tries say to wait.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const { client, setMe, signedOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as { from?: string };
  const fields = useMemo(
    () => ({
      email: { label: t("studio.signIn.email"), rules: "required|email" },
      password: { label: t("studio.signIn.password"), rules: "required" },
      code: { label: t("studio.signIn.code"), rules: "required|length:6,32" },
    }),
    [t],
  );
  const describeError = (error: ApiError) => {
    if (error.status === 401) return { form: t("studio.signIn.refused") };
    if (error.status === 429) return { form: t("studio.tooMany") };
    return null;
  };
  const submit = async (values: Values) => {
    const me = await signIn(client, { email: String(values.email).trim(), password: String(values.password), code: String(values.code).trim() });
    setMe(me);
    await navigate(state.from?.startsWith("/studio") ? state.from : "/studio", { replace: true });
  };
  return (
    <main id="studio-main" className="studio-main studio-main--narrow">
      <p className="studio-brand">{t("studio.name")}</p>
      <Heading>{t("studio.signIn.title")}</Heading>
      {signedOut ? <p role="status">{t("studio.signIn.signedOut")}</p> : null}
      <Form id="studio-sign-in" fields={fields} onSubmit={submit} describeError={describeError} resetOnSuccess={false} incompleteMessage={t("studio.forms.incomplete")}>
        <ErrorSummary />
        <TextField name="email" type="email" autoComplete="username" />
        <TextField name="password" type="password" autoComplete="current-password" />
        <TextField name="code" autoComplete="one-time-code" help={t("studio.signIn.codeHelp")} />
        <SubmitButton>{t("studio.signIn.submit")}</SubmitButton>
      </Form>
    </main>
  );
}
