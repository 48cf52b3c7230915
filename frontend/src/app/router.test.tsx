/** The app composes the features: account screens by route name, profile blocks on the account page. */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { fakeApi, ok } from "../testing/auth";
import { cartStore } from "../lib/cart";
import { resetCartTestState } from "../testing/cart";
import { cardFixture, productFixture } from "../testing/shop";
import { createI18n } from "../lib/i18n";
import en from "../locales/en.json";
import type { Payload } from "./payload";
import { settingsFixture } from "../testing/site";
import { buildRoutes } from "./router";

function payload(route: Payload["route"], page: Payload["page"] = null): Payload {
  return {
    status: 200,
    locale: "en",
    route,
    page,
    navigation: { primary: [], secondary: [], legal: [] },
    settings: settingsFixture(),
    alternates: {},
    head: {},
  };
}

function renderAt(path: string, value: Payload | ((path: string) => Payload)) {
  const loader = ({ request }: { request: Request }) => (typeof value === "function" ? value(new URL(request.url).pathname) : value);
  const router = createMemoryRouter(buildRoutes("en", loader), { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={createI18n("en", en)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...view, router };
}

function contentPage(path: string, blocks: NonNullable<Payload["page"]>["blocks"]): Payload {
  const page: Payload["page"] = { id: 9, slug: path.slice(1), locale: "en", path, title: "Cart", layout: "default", blocks, seo: { title: "Cart", description: null, image: null }, localizations: [] };
  return payload({ name: "page", kind: "page", path, params: { splat: path.slice(1) } }, page);
}

const productPage = (): Payload => ({
  ...payload({ name: "product", kind: "page", path: "/shop/splash-float-suit", params: { slug: "splash-float-suit" } }),
  product: productFixture(),
});

afterEach(() => resetCartTestState());

describe("the router composes the features", () => {
  test.each([
    ["/login", "login", "Log in"],
    ["/register", "register", "Create an account"],
    ["/forgot-password", "forgot-password", "Forgot password"],
    ["/reset?code=abc", "reset", "Choose a new password"],
    ["/email-confirmed", "email-confirmed", "E-mail address confirmed"],
  ])("%s renders the %s screen (lazy), not 'coming soon'", async (path, name, title) => {
    fakeApi({});
    renderAt(path, payload({ name, kind: "app", path: path.split("?")[0] ?? path, params: {} }));
    expect(await screen.findByRole("heading", { level: 1, name: title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/finishing touches/)).toBeNull();
  });

  test("the account page's profile block comes from the profile feature, its order block from the orders feature", async () => {
    fakeApi({});
    const page: Payload["page"] = {
      id: 5,
      slug: "my-splash",
      path: "/my-splash",
      locale: "en",
      title: "My Splash",
      layout: "default",
      blocks: [{ type: "profile" }, { type: "order-item" }],
      seo: { title: "My Splash", description: null, image: null },
      localizations: [],
    };
    renderAt("/my-splash", payload({ name: "page", kind: "page", path: "/my-splash", params: { splat: "my-splash" } }, page));
    expect(await screen.findByRole("heading", { level: 2, name: "Your Splash account" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "My Splash" })).toBeTruthy();
    expect(screen.queryByText(/This part of the shop opens soon/)).toBeNull();
  });

  test("the checkout page's checkout block comes from the checkout feature", async () => {
    fakeApi({});
    renderAt("/checkout", contentPage("/checkout", [{ type: "checkout" }]));
    expect(await screen.findByText("Your cart is empty. Add products.", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/This part of the shop opens soon/)).toBeNull();
  });

  test.each([
    ["/order-payment?order=unknown-slug", "order-payment"],
    ["/order/unknown-slug", "order"],
  ])("%s renders the orders feature's %s screen, with the app's not-found screen for an unknown order", async (path, name) => {
    fakeApi({});
    const [pathname] = path.split("?");
    renderAt(path, payload({ name, kind: "app", path: pathname ?? path, params: name === "order" ? { slug: "unknown-slug" } : {} }));
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! This page has gone swimming and is no longer available" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/finishing touches/)).toBeNull();
  });

  test("a product payload renders the shop's product page (lazy)", async () => {
    fakeApi({ "GET /products/1": () => ok({ data: productFixture() }) });
    renderAt("/shop/splash-float-suit", productPage());
    expect(await screen.findByRole("heading", { level: 1, name: "Splash float suit" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Colour" })).toBeTruthy();
    expect(screen.queryByText(/finishing touches/)).toBeNull();
  });

  test("the cart page's cart block comes from the cart feature", async () => {
    fakeApi({});
    renderAt("/cart", contentPage("/cart", [{ type: "cart" }]));
    expect(await screen.findByText("Your cart is empty. Add products.", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/This part of the shop opens soon/)).toBeNull();
  });

  test("product lists, product items and product intros on content pages come from the shop", async () => {
    fakeApi({ "GET /products": () => ok({ data: [cardFixture()], meta: { pagination: { page: 1, pageSize: 1, pageCount: 1, total: 1 } } }) });
    const blocks = [
      { type: "collection-list", collection: "product", title: "All float suits", entries: [cardFixture()] },
      { type: "product-intro", title: "The Splash float suit" },
      { type: "product-item", product: "splash-float-suit", entry: cardFixture() },
    ] as NonNullable<Payload["page"]>["blocks"];
    renderAt("/shop", contentPage("/shop", blocks));
    expect(await screen.findByRole("heading", { level: 2, name: "All float suits" }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "The Splash float suit" })).toBeTruthy();
    expect(await screen.findAllByRole("link", { name: "Splash float suit" })).toHaveLength(2);
    expect(screen.queryByText(/This part of the shop opens soon/)).toBeNull();
  });

  test("the added-to-cart card is the layout's: it stays when the visitor goes on to another page", async () => {
    // given: a product added on its page
    fakeApi({ "GET /products/1": () => ok({ data: productFixture() }) });
    const { router } = renderAt("/shop/splash-float-suit", (path) => (path === "/cart" ? contentPage("/cart", [{ type: "text", paragraphs: ["Hello"] }]) : productPage()));
    fireEvent.click(await screen.findByRole("radio", { name: "Blue" }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole("radio", { name: "M" }));
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Added to your cart")).toBeTruthy();
    // when
    await act(() => router.navigate("/cart"));
    // then
    await waitFor(() => expect(screen.getByText("Hello")).toBeTruthy());
    expect(screen.getByText("Added to your cart")).toBeTruthy();
    // the app's one cart outlives this test: leave it empty
    act(() => {
      cartStore.clear();
      for (const card of cartStore.getState().feedback) cartStore.dismissFeedback(card.id);
    });
  });
});
