/**
 * The app's page-view tracking: GTM from the payload's settings, one page view per route change
 * (route names as in contracts/routes.json), consent from the consent form.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { CONSENT_EVENT, readConsent } from "../features/content";
import { startTracking, updateConsent, type Tracker } from "../lib/tracking";

/**
 * Route names reported under another name, routes never reported, and routes whose path or
 * query holds a secret (an order's slug, a reset code, a confirmation or sign-in result),
 * reported by route name only (lib/tracking).
 */
export const TRACKING_OPTIONS = {
  overrides: { page: "content-page", "blog-article": "blog-article" },
  skip: ["connect-google-redirect", "reset"],
  private: ["order", "order-payment", "reset", "email-confirmed", "connect-google-redirect"],
};

// One per page load (GTM is loaded once); undefined until the first route renders.
let tracker: Tracker | null | undefined;

/** Forgets the tracker, as a new page load would (the tests load "pages" one after another). */
export function forgetTracker(): void {
  tracker = undefined;
}

export function usePageViews(gtmId: string | null, routeName: string | undefined): void {
  const { pathname, search } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (tracker === undefined && routeName) {
      tracker = startTracking(gtmId, { routeName, location: { pathname, search } }, TRACKING_OPTIONS);
      if (tracker) {
        const consent = readConsent();
        if (consent) updateConsent(consent);
        window.addEventListener(CONSENT_EVENT, () => {
          const current = readConsent();
          if (current) updateConsent(current);
        });
      }
    }
  }, [gtmId, routeName, pathname, search]); // started once, for the page first loaded
  useEffect(() => {
    if (!tracker || !routeName || last.current === pathname) return;
    last.current = pathname;
    tracker.pageView(routeName, { pathname, search });
  }, [pathname, search, routeName]);
}
