import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../../../lib/auth";
import { useHydrated } from "../../../lib/hydration";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { googleCallback } from "../api/google-callback";
import { useContinue } from "../hooks/use-continue";
import { AuthCard, AuthCardSkeleton } from "./auth-card";
import { GoogleLinkForm } from "./google-link-form";

/**
 * `/connect/google/redirect?access_token=…`: the single-use ticket Splash's Google callback handed
 * to this browser is traded for a session, and the visitor goes on (replacing this URL, which holds
 * the ticket). `?link=…&email=…`: the address has a confirmed account — its password links Google.
 * `?error=…`: a friendly way back to the login.
 */
export function GoogleRedirectScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { signIn } = useAuth();
  const goOn = useContinue();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const accessToken = hydrated ? params.get("access_token") : null;
  const link = hydrated ? params.get("link") : null;
  const refused = hydrated && (params.has("error") || (!accessToken && !link));
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

  if (link && !refused) return <GoogleLinkForm code={link} email={params.get("email") ?? ""} />;
  if (refused || failed) {
    const blocked = params.get("error") === "blocked";
    return (
      <AuthCard
        title={t("auth.google.failedTitle")}
        intro={t(blocked ? "auth.errors.blocked" : "auth.google.failedText")}
        focusTitle
      >
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
