/**
 * Where to go after signing in: a path kept in the `auth-redirect` cookie by whatever sent the
 * visitor to the login screen. A cookie (not memory) so it survives the round trip to Google.
 */
import { clearCookie, readCookie, writeCookie } from "../cookies";

export const REDIRECT_COOKIE = "auth-redirect";
/** Long enough to register, confirm and come back; short enough not to surprise a later visit. */
const REDIRECT_MAX_AGE_SECONDS = 60 * 60;

/** Only a path on this site: never another origin (`//evil.example`, `https://…`). */
function isSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
}

export function rememberRedirect(path: string): void {
  if (isSitePath(path)) writeCookie(REDIRECT_COOKIE, path, REDIRECT_MAX_AGE_SECONDS);
}

/** The remembered path, once: the cookie is cleared. Null when there is none (or it is not a site path). */
export function takeRedirect(): string | null {
  const path = readCookie(REDIRECT_COOKIE);
  if (path === null) return null;
  clearCookie(REDIRECT_COOKIE);
  return isSitePath(path) ? path : null;
}
