/**
 * The checkout of this browser tab, kept in sessionStorage: the draft the checkout's steps fill in
 * (its shape is the checkout feature's; never a price) and the order it placed. Session storage
 * survives a reload and the round trip to the payment page in the same tab, and nothing longer.
 *
 * The order pages end the checkout once its order is paid or awaits payment: the cart is emptied
 * and the draft forgotten, so the next checkout is a new attempt with a new idempotency key. An
 * order page opened later (another order, another tab) empties nothing.
 */
import { clearCookie, readCookie } from "../cookies";

const DRAFT_KEY = "splash:checkout";
const PLACED_KEY = "splash:checkout:placed";
/** The draft a language hand-off brought from another domain (backend/splash/handoff/cookies.py). */
export const HANDED_OVER_DRAFT_COOKIE = "checkout_handoff";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage switched off: the checkout still works, it just forgets on a reload
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // A full or private storage: the draft holds for this page only.
  }
}

/** The saved draft as it was written (the checkout checks its shape), or null. */
export function readCheckoutDraft(): unknown {
  const raw = read(DRAFT_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeCheckoutDraft(draft: unknown): void {
  write(DRAFT_KEY, JSON.stringify(draft));
}

/**
 * Takes the draft a language hand-off brought (the target domain's cookie, a minute long) into
 * this tab's session once, in place of the tab's own: the checkout then goes on at the same step.
 */
export function adoptHandedOverDraft(): void {
  const handed = readCookie(HANDED_OVER_DRAFT_COOKIE);
  if (handed === null) return;
  clearCookie(HANDED_OVER_DRAFT_COOKIE);
  try {
    JSON.parse(handed);
  } catch {
    return; // not a draft: the tab keeps its own
  }
  write(DRAFT_KEY, handed);
}

/** The checkout placed this order (its slug) and is on its way to the payment page. */
export function rememberPlacedOrder(slug: string): void {
  write(PLACED_KEY, slug);
}

/**
 * Ends this tab's checkout when it placed the order `slug`: `emptyCart()` and the draft is
 * forgotten. True when it did; false for any other order (nothing changes).
 */
export function endCheckout(slug: string, emptyCart: () => void): boolean {
  if (read(PLACED_KEY) !== slug) return false;
  emptyCart();
  write(DRAFT_KEY, null);
  write(PLACED_KEY, null);
  return true;
}
