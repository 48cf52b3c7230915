import { useTranslation } from "react-i18next";
import { config } from "../../../lib/config";
import { GoogleIcon } from "../../../ui/icons";

/** Where Google sign-in starts: a full browser navigation to the API, which sends the visitor to Google. */
export function googleSignInUrl(): string {
  return `${config.apiBaseURL}${config.apiPrefix}/connect/google`;
}

export function GoogleButton() {
  const { t } = useTranslation();
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
  return (
    <p className="auth-divider">
      <span>{t("auth.or")}</span>
    </p>
  );
}
