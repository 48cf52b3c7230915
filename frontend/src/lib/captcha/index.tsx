/** The captcha as forms use it: off without a site key, otherwise a token per submit. */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { Trans } from "react-i18next";
import { executeRecaptcha, loadRecaptcha } from "./recaptcha";

export { CaptchaError, loadRecaptcha, executeRecaptcha, resetRecaptcha, POLL_MS } from "./recaptcha";

export const CAPTCHA_ACTION = "submit";

export type Captcha = {
  enabled: boolean;
  /** Starts loading the script early (when a protected form appears). */
  preload: () => void;
  /** A fresh token for this submit, or null when the captcha is off. */
  token: () => Promise<string | null>;
};

const CaptchaContext = createContext<string | null>(null);

export function CaptchaProvider({ siteKey, children }: { siteKey: string | null; children: ReactNode }) {
  return <CaptchaContext.Provider value={siteKey || null}>{children}</CaptchaContext.Provider>;
}

export function useCaptcha(): Captcha {
  const siteKey = useContext(CaptchaContext);
  return useMemo(
    () =>
      siteKey
        ? {
            enabled: true,
            preload: () => void loadRecaptcha(siteKey).catch(() => undefined),
            token: () => executeRecaptcha(siteKey, CAPTCHA_ACTION),
          }
        : { enabled: false, preload: () => undefined, token: () => Promise.resolve(null) },
    [siteKey],
  );
}

/** Shown on every form the captcha protects (the badge itself is hidden). */
export function CaptchaNotice() {
  return (
    <p className="captcha-notice">
      <Trans
        i18nKey="forms.captcha.notice"
        components={{
          privacy: <a href="https://policies.google.com/privacy" rel="noopener noreferrer" target="_blank" />,
          terms: <a href="https://policies.google.com/terms" rel="noopener noreferrer" target="_blank" />,
        }}
      />
    </p>
  );
}
