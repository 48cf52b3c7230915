/**
 * Page-view tracking through Google Tag Manager (spec §1, §5, §8). Off without an id; an id
 * that is not GTM-… or G-… followed by uppercase letters or digits stops set-up with a clear
 * console error and loads nothing. Every route change pushes a page view named by the route's
 * name (or its override name); listed names are skipped. Analytics storage starts denied
 * (Consent Mode) until the visitor consents to statistics.
 *
 * Private routes (an order's page, whose slug is the only key to the buyer's name, e-mail and
 * addresses; the payment return; password reset; e-mail confirmation) are reported by their
 * route name only. GTM and its Google tag read `document.location`, `document.referrer` and
 * `document.title` themselves, so every view (and, before GTM loads, the first page) also sets
 * `page_location`, `page_path`, `page_referrer` and `page_title` — on a private route to
 * `<origin>/<route name>` and the route name, never its real path or query. The referrer is
 * the previous view's reported location, or on the first view only the origin of
 * `document.referrer` (a same-origin referrer is a full URL: a reload from an order page).
 */
export const TRACKING_ID = /^(GTM|G)-[A-Z0-9]+$/;

export type TrackingOptions = {
  /** Route name → the name reported instead. */
  overrides?: Record<string, string>;
  /** Route names never reported. */
  skip?: string[];
  /** Route names whose path or query holds a secret: reported by route name only. */
  private?: string[];
};

/** Where the visitor is: the router's location (the hash is never reported). */
export type PageLocation = { pathname: string; search: string };
export type PageView = { routeName: string; location: PageLocation };

type PageFields = { page_location: string; page_path: string; page_referrer: string; page_title: string };

type DataLayer = unknown[];
type TrackingWindow = Window & { dataLayer?: DataLayer };

export type Tracker = { pageView: (routeName: string, location: PageLocation) => void };

export class TrackingError extends Error {
  override name = "TrackingError";
}

export function checkTrackingId(id: string | null | undefined): string {
  if (!id || !id.trim()) throw new TrackingError("Tracking set-up failed: no GTM id given");
  if (!TRACKING_ID.test(id)) throw new TrackingError(`Tracking set-up failed: "${id}" is not a valid GTM id (GTM-XXXX or G-XXXX)`);
  return id;
}

/** The Google tag takes a command only as an `arguments` object (its own snippet pushes
 * `arguments`); a plain array is read as something else, so consent and `set` would be lost. */
function argumentsObject(): IArguments {
  // eslint-disable-next-line prefer-rest-params
  return arguments;
}

function gtag(win: TrackingWindow, ...args: unknown[]): void {
  (win.dataLayer ??= []).push(Reflect.apply(argumentsObject, undefined, args) as IArguments);
}

function referrerOrigin(referrer: string): string {
  try {
    return referrer ? new URL(referrer).origin : "";
  } catch {
    return "";
  }
}

/**
 * Loads GTM once and returns the tracker, or null when tracking is off or misconfigured.
 * `first` is the page being loaded: its (scrubbed) fields are set before GTM's first event.
 */
export function startTracking(
  id: string | null | undefined,
  first: PageView,
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
  const secret = new Set(options.private ?? []);
  let referrer = referrerOrigin(win.document.referrer);
  const fields = ({ routeName, location }: PageView): PageFields => {
    const origin = win.location.origin;
    const path = secret.has(routeName) ? `/${routeName}` : location.pathname;
    const query = secret.has(routeName) ? "" : location.search;
    const title = secret.has(routeName) ? routeName : win.document.title;
    return { page_location: origin + path + query, page_path: path, page_referrer: referrer, page_title: title };
  };
  const set = (page: PageFields) => {
    gtag(win, "set", page); // the Google tag's own fields, for every hit it sends from now on
    win.dataLayer?.push(page); // GTM's data layer variables of the same names
  };
  gtag(win, "consent", "default", { analytics_storage: "denied", ad_storage: "denied", wait_for_update: 500 });
  set(fields(first));
  (win.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = win.document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  win.document.head.appendChild(script);
  const skip = new Set(options.skip ?? []);
  return {
    pageView(routeName, location) {
      const page = fields({ routeName, location });
      referrer = page.page_location;
      set(page);
      if (skip.has(routeName)) return;
      win.dataLayer?.push({ event: "page_view", page_name: options.overrides?.[routeName] ?? routeName, ...page });
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
