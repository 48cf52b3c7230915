/** The cart, shared by the header badge (app), the shop and the cart page. */
import { api } from "../api";
import { createCartStore } from "./store";

export { getVariant } from "./api";
export type { VariantOne } from "./api";
export { CartProvider, useCart, useCartCount } from "./provider";
export type { Cart } from "./provider";
export { clampQuantity, itemCount, lineKey, MAX_QUANTITY, MIN_QUANTITY, sameLine } from "./rules";
export type { AddOutcome } from "./rules";
export { CART_COOKIE, createCartStore, UNKNOWN_CART } from "./store";
export type { CartFeedback, CartState, CartStore, VariantDetails } from "./store";
export type { CartLine, CartOption, Colour, LineRef, Size, Variant } from "./types";

/** The SPA's one cart (its requests go through the one API client, with the bearer when signed in). */
export const cartStore = createCartStore(api);
