/**
 * Reading and writing the SPA's own cookies (consent, token, auth-redirect): path /, SameSite=Lax,
 * Secure when the page is https. Values are URI-encoded. For effects and event handlers only:
 * rendering never reads document.cookie (the server has none, so hydration would differ).
 */

/** The raw value of a cookie in a `document.cookie`-style string (or a Cookie header), or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** The decoded value of one of the browser's cookies; null on the server, when absent or malformed. */
export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  const raw = cookieValue(document.cookie, name);
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function clearCookie(name: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
