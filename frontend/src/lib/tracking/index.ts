/**
 * Page-view tracking through Google Tag Manager (spec §1, §5, §8). Off without an id; an id
 * that is not GTM-… or G-… followed by uppercase letters or digits stops set-up with a clear
 * console error and loads nothing. Every route change pushes a page view named by the route's
 * name (or its override name); listed names are skipped. Analytics storage starts denied
 * (Consent Mode) until the visitor consents to statistics.
 */
export const TRACKING_ID = /^(GTM|G)-[A-Z0-9]+$/;

export type TrackingOptions = {
  /** Route name → the name reported instead. */
  overrides?: Record<string, string>;
  /** Route names never reported. */
  skip?: string[];
};

type DataLayer = unknown[];
type TrackingWindow = Window & { dataLayer?: DataLayer };

export type Tracker = { pageView: (routeName: string, path: string) => void };

export class TrackingError extends Error {
  override name = "TrackingError";
}

export function checkTrackingId(id: string | null | undefined): string {
  if (!id || !id.trim()) throw new TrackingError("Tracking set-up failed: no GTM id given");
  if (!TRACKING_ID.test(id)) throw new TrackingError(`Tracking set-up failed: "${id}" is not a valid GTM id (GTM-XXXX or G-XXXX)`);
  return id;
}

function gtag(win: TrackingWindow, ...args: unknown[]): void {
  (win.dataLayer ??= []).push(args);
}

/** Loads GTM once and returns the tracker, or null when tracking is off or misconfigured. */
export function startTracking(
  id: string | null | undefined,
  options: TrackingOptions = {},
  win: TrackingWindow = window,
): Tracker | null {
  if (id === null || id === undefined || id === "") return null; // not configured: nothing loads
  try {
    checkTrackingId(id);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return null;
  }
  gtag(win, "consent", "default", { analytics_storage: "denied", ad_storage: "denied", wait_for_update: 500 });
  (win.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = win.document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  win.document.head.appendChild(script);
  const skip = new Set(options.skip ?? []);
  return {
    pageView(routeName, path) {
      if (skip.has(routeName)) return;
      win.dataLayer?.push({ event: "page_view", page_name: options.overrides?.[routeName] ?? routeName, page_path: path });
    },
  };
}

/** Tells GTM what the visitor allowed (from the consent form). */
export function updateConsent(consent: { statistics: boolean; marketing: boolean }, win: TrackingWindow = window): void {
  gtag(win, "consent", "update", {
    analytics_storage: consent.statistics ? "granted" : "denied",
    ad_storage: consent.marketing ? "granted" : "denied",
  });
}
