/**
 * The checkout's steps in the browser's history: each step the parent moves to is an entry of its
 * own (the URL's fragment names it: /checkout#shipping), so Back and Forward move between the
 * steps and a reload opens the step the fragment and the draft name. A fragment-only change is
 * no navigation to the router (no payload is fetched, the page is not rendered anew).
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { STEPS, type Step } from "../utils/draft";

/** The fragment of a step's history entry. */
export const stepHash = (step: Step): string => `#${step}`;

function stepOfHash(hash: string): Step | null {
  return STEPS.find((step) => stepHash(step) === hash) ?? null;
}

/**
 * Keeps `step` and the history in step: on arrival the current entry names the draft's step (no
 * new entry); a step change of the app's own (Next, Previous, Change, a refusal) adds an entry;
 * Back or Forward to another step's entry shows that step (one of `steps`; any other fragment,
 * the skip link's #main say, changes nothing).
 */
export function useStepHistory(step: Step, steps: Step[], show: (step: Step) => void): void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const last = useRef<{ step: Step; hash: string } | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { step, hash };
    const named = stepOfHash(hash);
    const toStep = (replace: boolean) => void navigate({ pathname, search, hash: stepHash(step) }, { replace, preventScrollReset: true });
    if (before === null) {
      if (named !== step) toStep(true);
    } else if (hash !== before.hash) {
      if (named && named !== step && steps.includes(named)) show(named);
    } else if (step !== before.step && named !== step) {
      toStep(false);
    }
  }, [step, steps, show, navigate, pathname, search, hash]);
}
