/**
 * Re-checks an order that waits for its payment: every RECHECK_MS, RECHECK_TIMES times, then it
 * stops (the page offers "check again", which checks at once and starts another round).
 */
import { useEffect, useRef, useState } from "react";

export const RECHECK_MS = 4000;
export const RECHECK_TIMES = 15;

export function useRecheck(recheck: () => void) {
  const [round, setRound] = useState(0);
  const [stoppedRound, setStoppedRound] = useState<number | null>(null);
  const latest = useRef(recheck);
  useEffect(() => {
    latest.current = recheck;
  });

  useEffect(() => {
    let count = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      count += 1;
      latest.current();
      if (count >= RECHECK_TIMES) setStoppedRound(round);
      else timer = setTimeout(tick, RECHECK_MS);
    };
    timer = setTimeout(tick, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [round]);

  return {
    /** Still re-checking by itself. */
    checking: stoppedRound !== round,
    /** Checks now, and starts another round of re-checks. */
    again() {
      latest.current();
      setRound((current) => current + 1);
    },
  };
}
