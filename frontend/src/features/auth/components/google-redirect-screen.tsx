import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuth } from "../../../lib/auth";
import { useHydrated } from "../../../lib/hydration";
import { useLocale } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { googleCallback } from "../api/google-callback";
import { useContinue } from "../hooks/use-continue";
import { AuthCard, AuthCardSkeleton } from "./auth-card";

/**
 * `/connect/google/redirect?access_token=…` (or `?error=…`): the API exchanges Google's token for
 * ours, the visitor is signed in and goes on (replacing this URL, which holds a token).
 */
export function GoogleRedirectScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { signIn } = useAuth();
  const goOn = useContinue();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const accessToken = hydrated ? params.get("access_token") : null;
  const refused = hydrated && (params.has("error") || !accessToken);
  const [failed, setFailed] = useState(false);
  // One exchange per token, also when development's StrictMode runs the effect twice.
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!accessToken || exchanged.current === accessToken) return;
    exchanged.current = accessToken;
    googleCallback(accessToken)
      .then(({ jwt }) => signIn(jwt))
      .then(() => goOn({ replace: true }))
      .catch(() => setFailed(true));
  }, [accessToken, signIn, goOn]);

  if (refused || failed) {
    return (
      <AuthCard title={t("auth.google.failedTitle")} intro={t("auth.google.failedText")} focusTitle>
        <ButtonLink to={routePath("login", locale)}>{t("auth.backToLogin")}</ButtonLink>
      </AuthCard>
    );
  }
  return (
    <>
      <AuthCardSkeleton label={t("routes.connect-google-redirect")} />
      <p className="visually-hidden" role="status">
        {hydrated ? t("auth.google.signingIn") : null}
      </p>
    </>
  );
}
