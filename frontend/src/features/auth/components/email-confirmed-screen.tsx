import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { describeAuthError, sendEmailConfirmation } from "../../../lib/auth";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useHydrated } from "../../../lib/hydration";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { useAccountPath } from "../../../lib/pages/account-path";
import { EMAIL_CHANGE_OUTCOMES } from "../../../lib/vocabulary";
import { ButtonLink } from "../../../ui/button-link";
import { AuthCard, AuthCardSkeleton } from "./auth-card";

/** `?status=invalid`: the link was unknown or expired; a new one can be sent. */
function InvalidLink() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useMemo<FieldDefinitions>(() => ({ email: { label: t("forms.labels.email"), rules: "required|email" } }), [t]);
  const submit = async (values: Record<string, unknown>) => {
    const { email } = await sendEmailConfirmation(String(values.email).trim());
    setSentTo(email);
  };
  return (
    <AuthCard title={t("auth.confirmation.invalidTitle")} intro={t("auth.confirmation.invalidText")}>
      <Form
        id="resend-confirmation"
        fields={fields}
        incompleteMessage={t("forms.incomplete")}
        successMessage={sentTo ? t("auth.confirmation.resent", { email: sentTo }) : undefined}
        describeError={(error) => describeAuthError(error, t)}
        onSubmit={submit}
      >
        <TextField name="email" type="email" autoComplete="email" inputMode="email" />
        <SubmitButton>{t("auth.confirmation.resend")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/**
 * Where the confirmation links land: `/email-confirmed`, `?status=invalid` for a bad link, and
 * for a new e-mail address `?status=changed` (or `taken`, when another account took it meanwhile).
 */
export function EmailConfirmedScreen() {
  const { t } = useTranslation();
  const accountPath = useAccountPath(useLocale());
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // The published HTML knows no query string: the outcome shows once hydrated.
  if (!hydrated) return <AuthCardSkeleton label={t("routes.email-confirmed")} />;
  const status = EMAIL_CHANGE_OUTCOMES.find((outcome) => outcome === params.get("status"));
  if (status === "invalid") return <InvalidLink />;
  if (status === "changed" || status === "taken") {
    // A changed address ended every session: the parent logs in again with the new one.
    return (
      <AuthCard title={t(`auth.emailChange.${status}Title`)} intro={t(`auth.emailChange.${status}Text`)}>
        <ButtonLink to={accountPath}>{t(status === "changed" ? "auth.emailChange.login" : "auth.toAccount")}</ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("routes.email-confirmed")} intro={t("auth.confirmation.confirmedText")}>
      <ButtonLink to={accountPath}>{t("auth.toAccount")}</ButtonLink>
    </AuthCard>
  );
}
