import { useTranslation } from "../../../lib/i18n";
import { useGoogleSignIn } from "../../../lib/auth";
import { config } from "../../../lib/config";
import { GoogleIcon } from "../../../ui/icons";

/** Where Google sign-in starts: a full browser navigation to the API, which sends the visitor to Google. */
export function googleSignInUrl(): string {
  return `${config.apiBaseURL}${config.apiPrefix}/connect/google`;
}

/** "Continue with Google", only when Google sign-in is configured. */
export function GoogleButton() {
  const { t } = useTranslation();
  if (!useGoogleSignIn()) return null;
  return (
    <a className="button button--google" href={googleSignInUrl()}>
      <GoogleIcon />
      {t("auth.google.continue")}
    </a>
  );
}

/** 'or' between the Google button and the e-mail form. */
export function OrDivider() {
  const { t } = useTranslation();
  if (!useGoogleSignIn()) return null;
  return (
    <p className="auth-divider">
      <span>{t("auth.or")}</span>
    </p>
  );
}
