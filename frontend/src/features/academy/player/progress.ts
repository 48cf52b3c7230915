/**
 * When the player saves a signed-in parent's position: at most every 10 s while playing, on pause,
 * when the page is hidden (keepalive: the request outlives the page) and at the end (completed).
 * A position already saved is not sent again.
 */
import type { Progress } from "../lesson/types";

export const SAVE_EVERY_MS = 10_000;

export type SaveProgress = (progress: Progress, keepalive: boolean) => void;

export type ProgressSaver = {
  /** The video's time moved while playing (timeupdate). */
  playing: (positionMs: number) => void;
  paused: (positionMs: number) => void;
  hidden: (positionMs: number) => void;
  ended: (positionMs: number) => void;
};

export function createProgressSaver(save: SaveProgress, now: () => number = Date.now): ProgressSaver {
  let lastSavedAt: number | null = null;
  let last: Progress | null = null;

  function send(progress: Progress, keepalive = false): void {
    lastSavedAt = now();
    if (last && last.positionMs === progress.positionMs && last.completed === progress.completed) return;
    last = progress;
    save(progress, keepalive);
  }

  const at = (positionMs: number) => ({ positionMs: Math.max(0, Math.round(positionMs)), completed: false });
  return {
    playing(positionMs) {
      // The first tick only starts the clock: playing from a position needs no save yet.
      if (lastSavedAt === null) lastSavedAt = now();
      else if (now() - lastSavedAt >= SAVE_EVERY_MS) send(at(positionMs));
    },
    paused: (positionMs) => send(at(positionMs)),
    hidden: (positionMs) => send(at(positionMs), true),
    ended: (positionMs) => send({ positionMs: Math.max(0, Math.round(positionMs)), completed: true }),
  };
}
