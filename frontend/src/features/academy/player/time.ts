/** Positions as the player words them. */

/** "1:23", "12:05", "1:02:03" (hours only when there are any). */
export function formatPosition(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Ask "Continue at …?" only past the first seconds of an unfinished lesson: 5 s, or a quarter of a
 * video shorter than 20 s (a short clip's first seconds are most of it).
 */
export const RESUME_AFTER_MS = 5_000;

export function offersResume(positionMs: number, completed: boolean, durationMs: number): boolean {
  return !completed && positionMs > Math.min(RESUME_AFTER_MS, durationMs / 4);
}
