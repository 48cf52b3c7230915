/**
 * reCAPTCHA v3 (spec §1, §5, §9): the script is loaded once, readiness is polled every 25 ms, and
 * a second load with a different site key is refused with a clear error. The badge is hidden by
 * CSS; forms show the captcha notice instead, as Google requires.
 */
export type Grecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

type CaptchaWindow = Window & { grecaptcha?: Grecaptcha };

export const POLL_MS = 25;
export const LOAD_TIMEOUT_MS = 15_000;
export const SCRIPT_URL = "https://www.google.com/recaptcha/api.js";

let loadedKey: string | null = null;
let loading: Promise<Grecaptcha> | null = null;

export class CaptchaError extends Error {
  override name = "CaptchaError";
}

export function loadRecaptcha(siteKey: string, win: CaptchaWindow = window): Promise<Grecaptcha> {
  if (loadedKey !== null && loadedKey !== siteKey) {
    throw new CaptchaError(`reCAPTCHA is already loaded with site key "${loadedKey}"; refusing to load it with "${siteKey}"`);
  }
  if (loading) return loading;
  loadedKey = siteKey;
  const script = win.document.createElement("script");
  script.src = `${SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  script.defer = true;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const started = Date.now();
    const timer = win.setInterval(() => {
      const grecaptcha = win.grecaptcha;
      if (grecaptcha && typeof grecaptcha.execute === "function") {
        win.clearInterval(timer);
        grecaptcha.ready(() => resolve(grecaptcha));
      } else if (Date.now() - started > LOAD_TIMEOUT_MS) {
        win.clearInterval(timer);
        reject(new CaptchaError("reCAPTCHA did not load in time"));
      }
    }, POLL_MS);
    script.addEventListener("error", () => {
      win.clearInterval(timer);
      reject(new CaptchaError("reCAPTCHA could not be loaded"));
    });
  });
  loading.catch(() => {
    loading = null; // a later submit may try again (same key)
  });
  win.document.head.appendChild(script);
  return loading;
}

export async function executeRecaptcha(siteKey: string, action: string, win: CaptchaWindow = window): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey, win);
  return grecaptcha.execute(siteKey, { action });
}

/** For tests only: forget the loaded script. */
export function resetRecaptcha(): void {
  loadedKey = null;
  loading = null;
}
