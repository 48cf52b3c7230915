import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../../ui/link";
import { ApiError } from "../../../lib/api";
import { authErrorText, describeAuthError, useAuth, type User } from "../../../lib/auth";
import { Form, SubmitButton, TextField, type FieldDefinitions } from "../../../lib/forms";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { changePassword } from "../api/change-password";
import { logoutEverywhere } from "../api/logout-everywhere";
import { useSessionCall } from "../hooks/use-session-call";
import { Announcement, ProfileSection } from "./section";

function ChangePasswordForm() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const call = useSessionCall();
  const fields = useMemo<FieldDefinitions>(
    () => ({
      currentPassword: { label: t("profile.password.current"), rules: "required" },
      password: { label: t("profile.password.new"), rules: "required|length:8,128" },
      passwordConfirmation: { label: t("profile.password.repeat"), rules: "required|confirm:password" },
    }),
    [t],
  );
  const submit = async (values: Record<string, unknown>) => {
    const { jwt } = await call(() =>
      changePassword({
        currentPassword: String(values.currentPassword),
        password: String(values.password),
        passwordConfirmation: String(values.passwordConfirmation),
      }),
    );
    // Every other session has ended; this one goes on with the new token.
    await signIn(jwt);
  };
  return (
    <Form
      id="change-password"
      fields={fields}
      incompleteMessage={t("forms.incomplete")}
      successMessage={t("profile.password.changed")}
      describeError={(error) =>
        describeAuthError(error, t, { current_password_incorrect: "currentPassword", passwords_mismatch: "passwordConfirmation" })
      }
      onSubmit={submit}
    >
      <TextField name="currentPassword" type="password" autoComplete="current-password" />
      <TextField name="password" type="password" autoComplete="new-password" help={t("auth.passwordHelp")} />
      <TextField name="passwordConfirmation" type="password" autoComplete="new-password" />
      <SubmitButton>{t("profile.password.save")}</SubmitButton>
    </Form>
  );
}

/** Ends every session of this parent (a lost phone, a shared computer), then this one. */
function LogoutEverywhere() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: "failure"; text: string } | null>(null);
  const logout = async () => {
    setPending(true);
    setMessage(null);
    try {
      await logoutEverywhere();
    } catch (error) {
      // A 401 means this session had already ended: signing out here is all that is left to do.
      if (!(error instanceof ApiError && error.status === 401)) {
        setMessage({ kind: "failure", text: error instanceof ApiError ? authErrorText(error, t) : t("auth.errors.generic") });
        setPending(false);
        return;
      }
    }
    signOut();
    void navigate("/");
  };
  return (
    <div className="profile-logout-everywhere">
      <p>{t("profile.everywhere.text")}</p>
      <button type="button" className="button button--secondary" onClick={() => void logout()} disabled={pending}>
        {t("profile.everywhere.button")}
      </button>
      <Announcement message={message} />
    </div>
  );
}

/** Change the password (or, signed up with Google, how to get one) and log out everywhere. */
export function SecuritySection({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ProfileSection title={t("profile.password.title")}>
      {user.provider === "google" ? (
        <p>
          {t("profile.password.google")} <Link to={routePath("forgot-password", locale)}>{t("profile.password.googleLink")}</Link>
        </p>
      ) : (
        <ChangePasswordForm />
      )}
      <LogoutEverywhere />
    </ProfileSection>
  );
}
