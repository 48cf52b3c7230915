import { useMemo, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { describeAuthError, type User } from "../../../lib/auth";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { changeEmail } from "../api/change-email";
import { useSessionCall } from "../hooks/use-session-call";
import { ProfileSection } from "./section";

function ChangeEmailForm() {
  const { t } = useTranslation();
  const call = useSessionCall();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useMemo<FieldDefinitions>(
    () => ({
      email: { label: t("profile.email.new"), rules: "required|email" },
      currentPassword: { label: t("profile.password.current"), rules: "required" },
    }),
    [t],
  );
  const submit = async (values: Record<string, unknown>) => {
    const { email } = await call(() =>
      changeEmail({ email: String(values.email).trim(), currentPassword: String(values.currentPassword) }),
    );
    setSentTo(email);
  };
  return (
    <Form
      id="change-email"
      fields={fields}
      incompleteMessage={t("forms.incomplete")}
      successMessage={sentTo ? t("profile.email.sent", { email: sentTo }) : undefined}
      describeError={(error) =>
        describeAuthError(error, t, {
          current_password_incorrect: "currentPassword",
          email_taken: "email",
          email_unchanged: "email",
        })
      }
      onSubmit={submit}
    >
      <TextField name="email" type="email" autoComplete="email" inputMode="email" />
      <TextField name="currentPassword" type="password" autoComplete="current-password" />
      <SubmitButton>{t("profile.email.submit")}</SubmitButton>
    </Form>
  );
}

/**
 * A new e-mail address (it is also the login): asked with the current password, changed only
 * once the parent opens the link mailed to the new address. Google accounts take theirs from Google.
 */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t("profile.email.title")}>
      <p>{t("profile.email.current", { email: user.email })}</p>
      {user.provider === "google" ? <p>{t("profile.email.google")}</p> : (
        <>
          <p>{t("profile.email.intro")}</p>
          <ChangeEmailForm />
        </>
      )}
    </ProfileSection>
  );
}
