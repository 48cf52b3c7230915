/**
 * Saving as you type: a change is saved AUTOSAVE_MS after the last one (typing on keeps
 * pushing it back, so a sentence is one save, not one per key), `flush` saves at once (before
 * publishing, before leaving), and a tab that closes or hides with unsaved changes sends them
 * with `keepalive` so the request outlives the page — a closed tab loses nothing; an editor
 * that goes away (another language of the entry) saves too. The browser
 * also asks before closing a tab with changes not yet saved.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

export const AUTOSAVE_MS = 2000;

type Options<T> = {
  value: T;
  /** Whether `value` is what was saved last (nothing to do). */
  isSaved: (value: T) => boolean;
  save: (value: T, keepalive: boolean) => Promise<unknown>;
  /** No saving at all (a conflict to settle first). */
  paused?: boolean;
  delay?: number;
};

export function useAutosave<T>({ value, isSaved, save, paused = false, delay = AUTOSAVE_MS }: Options<T>) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ value, isSaved, save, paused });
  useLayoutEffect(() => {
    latest.current = { value, isSaved, save, paused };
  });

  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /** Saves now what is not saved yet (and cancels the waiting save). */
  const flush = useCallback(async (keepalive = false) => {
    stop();
    const now = latest.current;
    if (now.paused || now.isSaved(now.value)) return;
    await now.save(now.value, keepalive);
  }, []);

  useEffect(() => {
    stop();
    if (paused || isSaved(value)) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void flush();
    }, delay);
    return stop;
  }, [value, paused, delay, isSaved, flush]);

  // Leaving the editor inside the studio (another language of the entry) saves what is unsaved.
  useEffect(
    () => () => {
      const now = latest.current;
      if (!now.paused && !now.isSaved(now.value)) void now.save(now.value, false);
    },
    [],
  );

  useEffect(() => {
    const unsaved = () => !latest.current.paused && !latest.current.isSaved(latest.current.value);
    const onHide = () => {
      if (document.visibilityState === "hidden" && unsaved()) void flush(true);
    };
    const onPageHide = () => {
      if (unsaved()) void flush(true);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers ask only when this is set
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [flush]);

  return { flush };
}
