import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { addressFixture, signedInStore, userFixture } from "../../../testing/auth";
import { REDIRECT_COOKIE } from "../../../lib/auth";
import { createCartStore, type CartLine } from "../../../lib/cart";
import { renderWithCart, resetCartTestState, setCartCookie, setCartCountryCookie } from "../../../testing/cart";
import { readCookie } from "../../../lib/cookies";
import type { Locale } from "../../../lib/i18n";
import de from "../../../locales/de.json";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import fr from "../../../locales/fr.json";
import nl from "../../../locales/nl.json";
import sv from "../../../locales/sv.json";
import { checkoutApi, fillPersonal, next } from "../../../testing/checkout";
import { CheckoutBlock } from "./checkout-block";

const LINES: CartLine[] = [{ variantId: 13, quantity: 2, options: [] }];

function renderCheckout({ locale = "en", store }: { locale?: Locale; store?: Awaited<ReturnType<typeof signedInStore>> } = {}) {
  setCartCookie(LINES);
  return renderWithCart(<CheckoutBlock />, { path: locale === "nl" ? "/afrekenen" : "/checkout", locale, store, cart: createCartStore() });
}

const countryField = () => screen.getByRole("combobox", { name: /^(Country|Land)/ }) as HTMLSelectElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  resetCartTestState();
});

describe("CheckoutBlock: the cart's shipping country", () => {
  test("in Dutch, Germany chosen in the cart is the shipping step's country (not the Netherlands)", async () => {
    // given
    checkoutApi();
    setCartCountryCookie("de");
    renderCheckout({ locale: "nl" });
    // when
    await screen.findByRole("heading", { level: 2, name: "Je gegevens" });
    fireEvent.change(screen.getByLabelText("Voornaam"), { target: { value: "Eva" } });
    fireEvent.change(screen.getByLabelText("Achternaam"), { target: { value: "de Vries" } });
    fireEvent.change(screen.getByLabelText("E-mailadres"), { target: { value: "eva@example.com" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    await screen.findByRole("heading", { level: 2, name: "Verzendadres" });
    // then
    expect(countryField().value).toBe("de");
  });

  test("in English (no home country), Germany chosen in the cart is the shipping step's country", async () => {
    checkoutApi();
    setCartCountryCookie("de");
    renderCheckout();
    await fillPersonal();
    expect(countryField().value).toBe("de");
  });

  test("a signed-in parent with a saved Dutch address and Germany in the cart ships to Germany", async () => {
    checkoutApi(undefined, userFixture({ addresses: [addressFixture()] }));
    setCartCountryCookie("de");
    renderCheckout({ store: await signedInStore() });
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    await next();
    await screen.findByRole("heading", { level: 2, name: "Shipping address" });
    expect(countryField().value).toBe("de");
    // the Dutch street does not go with Germany: the address starts empty
    expect((screen.getByLabelText("Street") as HTMLInputElement).value).toBe("");
  });

  test("a signed-in parent whose cart has no country starts with the saved address and its country", async () => {
    checkoutApi(undefined, userFixture({ addresses: [addressFixture({ country: "fr", city: "Lyon" })] }));
    renderCheckout({ store: await signedInStore() });
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    await next();
    await screen.findByRole("heading", { level: 2, name: "Shipping address" });
    expect(countryField().value).toBe("fr");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Lyon");
  });

  test("a kept draft follows a country chosen in the cart after it (back to the cart, Germany, back to checkout)", async () => {
    checkoutApi();
    const kept = { step: "shipping", values: { personal: { firstname: "Eva", lastname: "de Vries", email: "eva@example.com" }, shipping: { shipping_country: "nl", shipping_city: "Amsterdam" }, billing: {} }, attempt: null, withdrawalWaived: false };
    window.sessionStorage.setItem("splash:checkout", JSON.stringify(kept));
    setCartCountryCookie("de");
    renderCheckout();
    await screen.findByRole("heading", { level: 2, name: "Shipping address" });
    expect(countryField().value).toBe("de");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Amsterdam");
  });

  test("a country changed in the checkout is the cart's country too (one country, both ways)", async () => {
    checkoutApi();
    setCartCountryCookie("de");
    const { cart } = renderCheckout();
    await fillPersonal();
    fireEvent.change(countryField(), { target: { value: "fr" } });
    await waitFor(() => expect(readCookie("cart_country")).toBe("fr"));
    expect(cart.getState().country).toBe("fr");
  });
});

describe("CheckoutBlock: step 1 offers to log in", () => {
  test("a signed-out visitor is offered 'Already have an account? Log in' before any 409, and comes back to this checkout", async () => {
    checkoutApi();
    renderCheckout();
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    expect(screen.getByText("Already have an account?")).toBeTruthy();
    const login = screen.getByRole("link", { name: "Log in" });
    expect(login.getAttribute("href")).toBe("/login");
    fireEvent.click(login);
    expect(readCookie(REDIRECT_COOKIE)).toBe("/checkout");
  });

  test("a signed-in parent is not offered to log in", async () => {
    checkoutApi(undefined, userFixture());
    renderCheckout({ store: await signedInStore() });
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
  });
});

describe("the 409's existing e-mail message", () => {
  test.each(Object.entries({ de, en, es, fr, nl, sv }))("in %s ends without a literal '...'", (_, texts) => {
    const message = texts.checkout.errors.emailHasAccount;
    expect(message).not.toMatch(/(\.\.\.|…)$/);
    expect(message).toMatch(/\.$/);
  });
});
