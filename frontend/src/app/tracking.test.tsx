/**
 * The order slug never reaches the tag manager (issue 23, point 12): the whole app, from the first
 * load of an order, payment-return, reset or e-mail confirmation URL and across navigations, pushes
 * their route name to the data layer and nothing of their path or query — GTM's own page fields
 * (`page_location`, `page_path`, `page_referrer`, `page_title`) included.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fakeApi } from "../testing/auth";
import { resetCartTestState } from "../testing/cart";
import { createI18n } from "../lib/i18n";
import en from "../locales/en.json";
import type { Payload } from "./payload";
import { settingsFixture } from "../testing/site";
import { buildRoutes } from "./router";
import { forgetTracker } from "./tracking";

const SLUG = "x4KmSecretOrderSlug9Qw2Er7Ty5Ui3Op1As8Df6Gh0";
type W = Window & { dataLayer?: unknown[] };
const win = window as W;
const origin = window.location.origin;

function payloadAt(pathname: string): Payload {
  const name = pathname.startsWith("/order/") ? "order" : pathname === "/contact" ? "page" : pathname.slice(1);
  const page: Payload["page"] =
    name === "page"
      ? { id: 9, slug: "contact", locale: "en", path: "/contact", title: "Contact", layout: "default", blocks: [], seo: { title: "Contact", description: null, image: null }, localizations: [] }
      : null;
  return {
    status: 200,
    locale: "en",
    route: { name, kind: name === "page" ? "page" : "app", path: pathname, params: name === "order" ? { slug: SLUG } : {} },
    page,
    navigation: { primary: [], secondary: [], legal: [] },
    settings: settingsFixture({ gtmId: "GTM-SPLASH1" }),
    alternates: {},
    head: {},
  };
}

function renderAt(url: string) {
  const loader = ({ request }: { request: Request }) => payloadAt(new URL(request.url).pathname);
  const router = createMemoryRouter(buildRoutes("en", loader), { initialEntries: [url] });
  render(
    <I18nextProvider i18n={createI18n("en", en)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const isCommand = (entry: unknown) => Object.prototype.toString.call(entry) === "[object Arguments]";
const dataLayer = () => win.dataLayer ?? [];
const views = () => dataLayer().filter((entry) => (entry as { event?: string }).event === "page_view") as Record<string, string>[];
const fieldsSetBeforeGtm = () => {
  const start = dataLayer().findIndex((entry) => (entry as { event?: string }).event === "gtm.js");
  const set = dataLayer().slice(0, start).find((entry) => isCommand(entry) && (entry as ArrayLike<unknown>)[0] === "set");
  return set ? (set as ArrayLike<unknown>)[1] : undefined;
};

beforeEach(() => {
  forgetTracker();
  delete win.dataLayer;
  fakeApi({});
});

afterEach(() => {
  forgetTracker();
  delete win.dataLayer;
  resetCartTestState();
});

describe("the tag manager hears private routes by name only", () => {
  test.each([
    [`/order/${SLUG}`, "order", true],
    [`/order-payment?order=${SLUG}`, "order-payment", true],
    [`/email-confirmed?status=confirmed&code=${SLUG}`, "email-confirmed", true],
    [`/reset?code=${SLUG}`, "reset", false], // never reported; its page fields are still scrubbed
  ])("a first load of %s", async (url, name, reported) => {
    renderAt(url);
    await waitFor(() => expect(fieldsSetBeforeGtm()).toBeDefined(), { timeout: 5000 });
    const scrubbed = { page_location: `${origin}/${name}`, page_path: `/${name}`, page_referrer: "", page_title: name };
    expect(fieldsSetBeforeGtm()).toEqual(scrubbed);
    if (reported) await waitFor(() => expect(views()).toEqual([{ event: "page_view", page_name: name, ...scrubbed }]));
    else expect(views()).toEqual([]);
    expect(JSON.stringify(dataLayer())).not.toContain(SLUG);
  });

  test("navigating from a public page to an order and back reports the order by name, its slug nowhere", async () => {
    const router = renderAt("/contact");
    await waitFor(() => expect(views().map((view) => view.page_name)).toEqual(["content-page"]), { timeout: 5000 });
    await router.navigate(`/order/${SLUG}`);
    await waitFor(() => expect(views()).toHaveLength(2), { timeout: 5000 });
    await router.navigate("/contact");
    await waitFor(() => expect(views()).toHaveLength(3), { timeout: 5000 });

    expect(views().map(({ page_name, page_path, page_referrer }) => [page_name, page_path, page_referrer])).toEqual([
      ["content-page", "/contact", ""],
      ["order", "/order", `${origin}/contact`],
      ["content-page", "/contact", `${origin}/order`],
    ]);
    expect(JSON.stringify(dataLayer())).not.toContain(SLUG);
    expect(screen.queryByText(SLUG)).toBeNull();
  });
});
