/**
 * Where hls.js fetches a lesson's AES key. The playlists name it `/api/lessons/{id}/key` (on
 * whatever origin serves them, e.g. a CDN); the request goes to the shop's API base instead, with
 * the short-lived key token. Anything else (playlists, segments) loads as the playlist says.
 */
const KEY_PATH = /\/api\/lessons\/(\d+)\/key$/;

function keyLessonId(url: string): string | null {
  const path = url.split(/[?#]/)[0] ?? "";
  return KEY_PATH.exec(path)?.[1] ?? null;
}

export function isKeyUrl(url: string): boolean {
  return keyLessonId(url) !== null;
}

/** The key request's URL at `apiBase` (e.g. "/api" or "https://shop.example/api"), or null for other URLs. */
export function keyRequestUrl(url: string, token: string, apiBase: string): string | null {
  const lessonId = keyLessonId(url);
  return lessonId === null ? null : `${apiBase}/lessons/${lessonId}/key?token=${encodeURIComponent(token)}`;
}
