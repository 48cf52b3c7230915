/**
 * "Leaving with unsaved changes asks first", inside the studio: the studio's router holds a
 * blocker while an editor has changes not yet saved, and the editor asks (save and leave,
 * leave without saving, stay). The router's own blocker API is used through the router the
 * studio made (StudioApp), not through react-router's useBlocker: the studio imports from
 * react-router only what the shop uses (src/studio/first-load.test.ts). Closing the tab is
 * asked by the browser (use-autosave.ts).
 */
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { Blocker, DataRouter } from "react-router";

export const StudioRouterContext = createContext<DataRouter | null>(null);

/** The pending navigation while `unsaved()` holds, with `stay` and `leave`; null when none waits. */
export function useLeaveGuard(unsaved: () => boolean) {
  const router = useContext(StudioRouterContext);
  const key = useId();
  const check = useRef(unsaved);
  useLayoutEffect(() => {
    check.current = unsaved;
  });
  const [blocker, setBlocker] = useState<Blocker | null>(null);
  useEffect(() => {
    if (!router) return;
    router.getBlocker(key, ({ currentLocation, nextLocation }) => check.current() && currentLocation.pathname !== nextLocation.pathname);
    const unsubscribe = router.subscribe((state) => {
      const found = state.blockers.get(key);
      setBlocker(found?.state === "blocked" ? found : null);
    });
    return () => {
      unsubscribe();
      router.deleteBlocker(key);
    };
  }, [router, key]);
  if (!blocker || blocker.state !== "blocked") return null;
  return { stay: () => blocker.reset(), leave: () => blocker.proceed() };
}
