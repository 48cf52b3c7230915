/**
 * The language hand-off (contracts/handoff-api.md): a switch of language keeps the cart, the
 * checkout's draft and the sign-in. Only the check lives in every page's code; the hand-off
 * itself (`./hand-off`) is loaded when a visitor with something to carry clicks a language.
 */
import { authStore } from "../auth";
import { cartStore } from "../cart";

/**
 * Whether a switch of language has something to take along: lines in the cart, or a session
 * (its token, also while its user is still loading; the server decides whether it is valid).
 */
export function carriesSomething(): boolean {
  return cartStore.getState().lines.length > 0 || authStore.getToken() !== null;
}
