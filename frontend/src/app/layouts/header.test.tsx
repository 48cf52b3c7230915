import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { api } from "../../lib/api";
import { AuthProvider, createAuthStore, REDIRECT_COOKIE } from "../../lib/auth";
import { fakeApi, jwt, ok, signedInStore, userFixture } from "../../testing/auth";
import { CartProvider, createCartStore } from "../../lib/cart";
import { ADDED, renderWithCart, resetCartTestState, setCartCookie } from "../../testing/cart";
import { readCookie } from "../../lib/cookies";
import { createI18n, type Locale } from "../../lib/i18n";
import en from "../../locales/en.json";
import type { Payload } from "../payload";
import { settingsFixture } from "../../testing/site";
import { Header } from "./header";

function payload(locale: Locale): Payload {
  return {
    status: 200,
    locale,
    route: { name: "home", kind: "page", path: "/", params: {} },
    page: null,
    navigation: { primary: [], secondary: [], legal: [] },
    settings: settingsFixture({ buildPollSeconds: 60 }),
    alternates: {},
    head: {},
  };
}

/** The slugify answer: the account page's slug in each locale (an editor renamed the English one). */
const ACCOUNT_SLUGS = {
  data: { id: 5, slug: "mijn-splash", locale: "nl", path: "/mijn-splash", localizations: [{ id: 6, slug: "my-account", locale: "en" }] },
};

afterEach(() => resetCartTestState());

describe("the header's account button", () => {
  test("signed out: 'Log in' opens the login screen and remembers the account page to come back to", async () => {
    // given
    const server = fakeApi({ "GET /slugify/slugs/page/mijn-splash": () => ok(ACCOUNT_SLUGS) });
    const view = renderWithCart(<Header payload={payload("en")} />, { path: "/" });
    await waitFor(() => expect(view.store.getState().status).toBe("signed-out"));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await act(async () => undefined); // the slugify answer is taken in
    // when
    const login = screen.getByRole("link", { name: "Log in" });
    expect(login.getAttribute("href")).toBe("/login");
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
    fireEvent.click(login);
    // then
    expect(view.location()).toBe("/login");
    expect(readCookie(REDIRECT_COOKIE)).toBe("/my-account");
  });

  test("signed out, before the slugify call answers: the route table's account path is remembered", () => {
    fakeApi({ "GET /slugify/slugs/page/mijn-splash": () => new Promise(() => undefined) });
    renderWithCart(<Header payload={payload("nl")} />, { path: "/", locale: "nl" });
    fireEvent.click(screen.getByRole("link", { name: "Inloggen" }));
    expect(readCookie(REDIRECT_COOKIE)).toBe("/mijn-splash");
  });

  test("signed in: a link to the account page, by its resolved path", async () => {
    fakeApi({ "GET /users/me": () => ok(userFixture()), "GET /slugify/slugs/page/mijn-splash": () => ok(ACCOUNT_SLUGS) });
    const store = await signedInStore(jwt("ouder"));
    renderWithCart(<Header payload={payload("en")} />, { path: "/", store });
    const account = screen.getByRole("link", { name: "My account" });
    await waitFor(() => expect(account.getAttribute("href")).toBe("/my-account"));
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
    fireEvent.click(account);
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
  });

  test("signing out turns the account link back into 'Log in'", async () => {
    fakeApi({ "GET /users/me": () => ok(userFixture()) });
    const store = await signedInStore();
    renderWithCart(<Header payload={payload("de")} />, { path: "/", locale: "de", store });
    expect(screen.getByRole("link", { name: "Mein Konto" }).getAttribute("href")).toBe("/mein-splash");
    act(() => store.signOut());
    expect(screen.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/anmelden");
  });
});

describe("the header's cart badge", () => {
  const badge = () => screen.getByTestId("cart-count").textContent;

  test("shows the number of items in the cart cookie (the sum of the quantities) once the cart has started", async () => {
    // given
    setCartCookie([
      { variantId: 12, quantity: 2, options: [] },
      { variantId: 13, quantity: 3, options: [{ key: "name", value: "Noor" }] },
    ]);
    fakeApi({});
    // when
    renderWithCart(<Header payload={payload("en")} />, { path: "/" });
    // then
    await waitFor(() => expect(badge()).toBe("5"));
    expect(screen.getByRole("link", { name: "Cart (5)" }).getAttribute("href")).toBe("/cart");
  });

  test("follows the cart: adding and removing change the count", async () => {
    fakeApi({});
    const cart = createCartStore();
    renderWithCart(<Header payload={payload("nl")} />, { path: "/", locale: "nl", cart });
    await waitFor(() => expect(cart.getState().status).toBe("ready"));
    expect(badge()).toBe("0");
    act(() => void cart.add({ variantId: 12, quantity: 2, options: [] }, ADDED));
    expect(badge()).toBe("2");
    expect(screen.getByRole("link", { name: "Winkelmand (2)" }).getAttribute("href")).toBe("/winkelmand");
    act(() => cart.clear());
    expect(badge()).toBe("0");
  });

  test("a cookie naming only unknown variants counts 0 once the quote drops them", async () => {
    setCartCookie([{ variantId: 404, quantity: 4, options: [] }]);
    fakeApi({});
    const { cart } = renderWithCart(<Header payload={payload("en")} />, { path: "/" });
    await waitFor(() => expect(badge()).toBe("4"));
    act(() => cart.dropVariants([404]));
    await waitFor(() => expect(badge()).toBe("0"));
  });

  test("the server renders 0 whatever the cookie holds (no cookie is read during a render)", () => {
    setCartCookie([{ variantId: 12, quantity: 3, options: [] }]);
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en", en)}>
        <AuthProvider store={createAuthStore(api)}>
          <CartProvider store={createCartStore()}>
            <MemoryRouter>
              <Header payload={payload("en")} />
            </MemoryRouter>
          </CartProvider>
        </AuthProvider>
      </I18nextProvider>,
    );
    expect(html).toContain('data-testid="cart-count">0</span>');
  });
});

describe("the header's banner", () => {
  test("shows the banner text the owner published for the language, else the shop's own", () => {
    fakeApi({ "GET /slugify/slugs/page/mijn-splash": () => new Promise(() => undefined) });
    const own = { ...payload("en"), settings: { ...payload("en").settings, banner: "Free shipping this week" } };
    const view = renderWithCart(<Header payload={own} />, { path: "/" });
    expect(screen.getByRole("link", { name: "Free shipping this week" })).toBeTruthy();
    view.unmount();
    renderWithCart(<Header payload={payload("en")} />, { path: "/" });
    expect(screen.getByRole("link", { name: "Free video swimming lessons with every float suit" })).toBeTruthy();
  });
});
