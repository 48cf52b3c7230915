/** The playback speeds the player offers, and the one the parent chose last (kept in localStorage). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const RATE_STORAGE_KEY = "splash.playbackRate";

/** The remembered speed, or 1 when none (or something else) is stored or storage is unavailable. */
export function readRate(storage: Pick<Storage, "getItem"> | null): number {
  try {
    const stored = Number(storage?.getItem(RATE_STORAGE_KEY));
    return (PLAYBACK_RATES as readonly number[]).includes(stored) ? stored : 1;
  } catch {
    return 1; // storage blocked (private mode, policies)
  }
}

/** Remembers one of the offered speeds; anything else is not stored. */
export function rememberRate(storage: Pick<Storage, "setItem"> | null, rate: number): void {
  if (!(PLAYBACK_RATES as readonly number[]).includes(rate)) return;
  try {
    storage?.setItem(RATE_STORAGE_KEY, String(rate));
  } catch {
    // storage full or blocked: the speed simply is not remembered
  }
}
