/**
 * The app's page-view tracking: GTM from the payload's settings, one page view per route change
 * (route names as in contracts/routes.json), consent from the consent form.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { CONSENT_EVENT, readConsent } from "../features/content";
import { startTracking, updateConsent, type Tracker } from "../lib/tracking";

/** Route names reported under another name, and routes never reported. */
export const TRACKING_OPTIONS = {
  overrides: { page: "content-page", "blog-article": "blog-article" },
  skip: ["connect-google-redirect", "reset"],
};

let tracker: Tracker | null | undefined;

export function usePageViews(gtmId: string | null, routeName: string | undefined): void {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (tracker === undefined) {
      tracker = startTracking(gtmId, TRACKING_OPTIONS);
      if (tracker) {
        const consent = readConsent();
        if (consent) updateConsent(consent);
        window.addEventListener(CONSENT_EVENT, () => {
          const current = readConsent();
          if (current) updateConsent(current);
        });
      }
    }
  }, [gtmId]);
  useEffect(() => {
    if (!tracker || !routeName || last.current === pathname) return;
    last.current = pathname;
    tracker.pageView(routeName, pathname);
  }, [pathname, routeName]);
}
