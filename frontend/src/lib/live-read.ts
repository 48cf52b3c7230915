/**
 * The one way to read live values after hydration (prices, stock, the cart's quote): the read runs
 * in an effect — never on the server, first after hydration — and again when its key changes. The
 * request of an older key is aborted (on unmount too), so its answer can never land.
 */
import { useEffect, useRef, useState } from "react";

export type LiveRead<T> = {
  /** The answer for the current key; null while it is on its way, or when it failed. */
  current: T | null;
  /** The last answer for any key: what stays on screen while the next one is on its way. */
  latest: T | null;
  /** A key is set and its answer has not arrived. */
  busy: boolean;
  /** The read for the current key failed. */
  failed: boolean;
};

type Settled<T> = { key: string; value: T | null; latest: T | null; failed: boolean };

/** Resolves after `ms`, unless aborted first (then it never settles, so no read follows an abort). */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => window.clearTimeout(timer));
  });
}

/**
 * `read(signal)` for `key` ("" reads nothing). With `delayMs`, changes in a row within that time
 * become one request (each change aborts the waiting one).
 */
export function useLiveRead<T>(key: string, read: (signal: AbortSignal) => Promise<T>, delayMs = 0): LiveRead<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  // The effect runs per key; the newest read function is the one for that key.
  const reader = useRef(read);
  useEffect(() => {
    reader.current = read;
  });

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const { signal } = controller;
    const answer = delayMs > 0 ? wait(delayMs, signal).then(() => reader.current(signal)) : reader.current(signal);
    answer.then(
      (value) => {
        if (!signal.aborted) setSettled({ key, value, latest: value, failed: false });
      },
      () => {
        if (!signal.aborted) setSettled((previous) => ({ key, value: null, latest: previous?.latest ?? null, failed: true }));
      },
    );
    return () => controller.abort();
  }, [key, delayMs]);

  const answered = key !== "" && settled?.key === key;
  return {
    current: answered ? settled.value : null,
    latest: settled?.latest ?? null,
    busy: key !== "" && !answered,
    failed: answered && settled.failed,
  };
}
