/** The cart, shared by the header badge (app), the shop and the cart page. */
import { createCartStore } from "./store";

export { CartProvider, useCart, useCartCount } from "./provider";
export { FeedbackSlot, useFeedbackSlot } from "./feedback-slot";
export type { Cart } from "./provider";
export { clampQuantity, itemCount, lineKey, MAX_QUANTITY, MIN_QUANTITY, sameLine } from "./rules";
export type { AddOutcome } from "./rules";
export { CART_COOKIE, CART_COUNTRY_COOKIE, createCartStore, UNKNOWN_CART } from "./store";
export type { AddedVariant, AddOptions, CartFeedback, CartState, CartStore } from "./store";
export type { CartLine, CartOption, Colour, LineRef, Size, Variant } from "./types";
export { endCheckout, readCheckoutDraft, rememberPlacedOrder, writeCheckoutDraft } from "./checkout-session";
export { quoteCart } from "./quote";
export { findShippingCountries } from "./shipping-countries";
export type { ShippingCountryList } from "./shipping-countries";
export { findVariant } from "./variant";
export type { VariantOne } from "./variant";
export { shippingText } from "./shipping-text";
export { lineProblem, maxQuantity, maxSetText, stockText } from "./stock";
export type { QuoteAnswer } from "./quote";
export type { CartQuote, QuoteItem, QuoteRequest, QuoteVat, ShippingCountry, ShippingCountryCode, ShippingQuote } from "./quote-types";
export { QUOTE_DEBOUNCE_MS, useQuote } from "./use-quote";
export type { QuoteState } from "./use-quote";

/** The SPA's one cart. */
export const cartStore = createCartStore();
