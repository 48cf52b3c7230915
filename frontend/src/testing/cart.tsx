/**
 * Helpers for the tests of the cart store, the shop, the cart page and the header (imported by
 * *.test.tsx only; never part of the app bundle): variants as the API sends them, a cart cookie,
 * and a render with the app's providers (auth, cart, UI texts, router).
 */
import type { ReactElement } from "react";
import { clearCookie } from "../lib/cookies";
import type { AuthStore } from "../lib/auth";
import { renderWithAuth, resetAuthTestState } from "./auth";
import type { Locale } from "../lib/i18n";
import { CartProvider } from "../lib/cart/provider";
import { CART_COOKIE, CART_COUNTRY_COOKIE, createCartStore, type AddedVariant, type CartStore } from "../lib/cart/store";
import type { CartLine, Colour, Size, Variant } from "../lib/cart/types";

const SIZE_LABELS: Record<Size, string> = { xs: "XS", s: "S", m: "M", l: "L", xl: "XL", xxl: "XXL", xxxl: "3XL" };
const COLOUR_NAMES: Record<Colour, string> = { blue: "Blue", pink: "Pink" };

/** The image a variant of the float suit shows (fixtures/catalog.yaml). */
export const suitImage = (colour: Colour) => ({
  src: `/media/products/splash-float-suit-${colour}.webp`,
  alt: `Illustration of the ${colour} Splash float suit`,
  width: 1200,
  height: 1200,
});

/** A variant of the Splash float suit as GET /product-variants/{id} answers it (English texts). */
export function variantFixture(overrides: Partial<Omit<Variant, "product">> & { id: number; colour?: Colour; size?: Size } = { id: 12 }): Variant {
  const colour = overrides.colour ?? "blue";
  const size = overrides.size ?? "m";
  return {
    sku: `SPL-FS-${colour.toUpperCase()}-${size.toUpperCase()}`,
    sizeLabel: SIZE_LABELS[size],
    title: `Splash float suit – ${COLOUR_NAMES[colour]}, ${SIZE_LABELS[size]}`,
    price: 4995,
    stock: 7,
    available: true,
    introImage: suitImage(colour),
    product: {
      id: 1,
      key: "splash-float-suit",
      type: "physical",
      slug: "splash-float-suit",
      path: "/shop/splash-float-suit",
      title: "Splash float suit",
      introImage: suitImage("blue"),
    },
    ...overrides,
    colour,
    size,
  };
}

/** What the product page tells the cart of the blue M float suit it adds (for the feedback card). */
export const ADDED: AddedVariant = { title: "Splash float suit – Blue, M", image: suitImage("blue") };

/** Sets the `cart` cookie as a browser would hold it: this JSON (or text), URI-encoded. */
export function setCartCookie(value: CartLine[] | unknown[] | string): void {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  document.cookie = `${CART_COOKIE}=${encodeURIComponent(text)}; Path=/`;
}

type Options = { path?: string; locale?: Locale; store?: AuthStore; cart?: CartStore };

/** renderWithAuth (with `store`, an auth store) plus a cart store, started as the app starts it. */
export function renderWithCart(ui: ReactElement, { cart = createCartStore(), ...options }: Options = {}) {
  const view = renderWithAuth(<CartProvider store={cart}>{ui}</CartProvider>, options);
  return { ...view, cart };
}

/** Forgets the cart cookie and everything resetAuthTestState forgets. */
export function resetCartTestState(): void {
  clearCookie(CART_COOKIE);
  clearCookie(CART_COUNTRY_COOKIE);
  resetAuthTestState();
}

/** Sets the cart's shipping country cookie as the cart page leaves it. */
export function setCartCountryCookie(country: string): void {
  document.cookie = `${CART_COUNTRY_COOKIE}=${encodeURIComponent(country)}; Path=/`;
}
