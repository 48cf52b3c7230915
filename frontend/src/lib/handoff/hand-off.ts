/**
 * The language switcher's way to another domain with something to carry (loaded on that click
 * only): this domain's API stores the cart, the checkout's draft and the sign-in under a one-time
 * token, and the browser posts the token to the target domain in a top-level form — never in a
 * URL — which answers with its own cookies and the page. Whatever fails, the plain link is followed.
 */
import { cartStore, readCheckoutDraft } from "../cart";
import { browserNavigation } from "../navigation";
import { createHandoff } from "./api";

/** The server's limit on the draft (backend/splash/handoff/cookies.py): it goes back in a cookie. */
export const DRAFT_MAX_CHARS = 3600;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The draft's length as the server counts it: URI-encoded, with ( and ) encoded too. */
const cookieLength = (draft: unknown): number => encodeURIComponent(JSON.stringify(draft)).replace(/[()]/g, "%28").length;

/** The tab's checkout draft when there is one that fits its cookie; a longer one is left behind. */
function draftToCarry(): Record<string, unknown> | null {
  const draft = readCheckoutDraft();
  return isRecord(draft) && cookieLength(draft) <= DRAFT_MAX_CHARS ? draft : null;
}

/** Goes to `href` (the switcher's link) with the cart, the draft and the sign-in. */
export async function handOff(href: string): Promise<void> {
  const { lines, country } = cartStore.getState();
  try {
    const { data } = await createHandoff({ target: href, cart: { items: lines, country }, draft: draftToCarry() });
    const target = new URL(href);
    browserNavigation.post(data.action, { token: data.token, next: target.pathname + target.search });
  } catch {
    browserNavigation.leaveTo(href);
  }
}
