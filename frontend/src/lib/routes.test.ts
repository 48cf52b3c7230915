import { describe, expect, test } from "vitest";
import contract from "../../../contracts/routes.json";
import type { Locale } from "./i18n";
import { routeId, routePath, routeTable, shopPath, spaRoutes } from "./routes";

/** The expected path of every route in every locale, written out from contracts/routes.json. */
const EXPECTED: Record<string, Record<Locale, string>> = {
  home: { nl: "/", en: "/", de: "/", es: "/", fr: "/", sv: "/" },
  cart: { nl: "/winkelmand", en: "/cart", de: "/warenkorb", es: "/carrito", fr: "/panier", sv: "/varukorg" },
  checkout: { nl: "/afrekenen", en: "/checkout", de: "/kasse", es: "/finalizar-compra", fr: "/commande", sv: "/kassa" },
  account: { nl: "/mijn-splash", en: "/my-splash", de: "/mein-splash", es: "/mi-splash", fr: "/mon-splash", sv: "/mitt-splash" },
  login: { nl: "/inloggen", en: "/login", de: "/anmelden", es: "/iniciar-sesion", fr: "/connexion", sv: "/logga-in" },
  register: { nl: "/registreren", en: "/register", de: "/registrieren", es: "/registro", fr: "/inscription", sv: "/registrera" },
  "forgot-password": {
    nl: "/wachtwoord-vergeten",
    en: "/forgot-password",
    de: "/passwort-vergessen",
    es: "/olvide-mi-contrasena",
    fr: "/mot-de-passe-oublie",
    sv: "/glomt-losenord",
  },
  reset: { nl: "/reset", en: "/reset", de: "/reset", es: "/reset", fr: "/reset", sv: "/reset" },
  "email-confirmed": {
    nl: "/email-confirmed",
    en: "/email-confirmed",
    de: "/email-confirmed",
    es: "/email-confirmed",
    fr: "/email-confirmed",
    sv: "/email-confirmed",
  },
  "connect-google-redirect": {
    nl: "/connect/google/redirect",
    en: "/connect/google/redirect",
    de: "/connect/google/redirect",
    es: "/connect/google/redirect",
    fr: "/connect/google/redirect",
    sv: "/connect/google/redirect",
  },
  "order-payment": {
    nl: "/order-payment",
    en: "/order-payment",
    de: "/order-payment",
    es: "/order-payment",
    fr: "/order-payment",
    sv: "/order-payment",
  },
  order: { nl: "/order/x-1", en: "/order/x-1", de: "/order/x-1", es: "/order/x-1", fr: "/order/x-1", sv: "/order/x-1" },
  product: { nl: "/shop/x-1", en: "/shop/x-1", de: "/shop/x-1", es: "/tienda/x-1", fr: "/magasin/x-1", sv: "/butik/x-1" },
  course: { nl: "/academy/x-1", en: "/academy/x-1", de: "/course/x-1", es: "/course/x-1", fr: "/course/x-1", sv: "/course/x-1" },
  lesson: {
    nl: "/academy/c-2/x-1",
    en: "/academy/c-2/x-1",
    de: "/course/c-2/x-1",
    es: "/course/c-2/x-1",
    fr: "/course/c-2/x-1",
    sv: "/course/c-2/x-1",
  },
  "blog-article": { nl: "/blog/x-1", en: "/blog/x-1", de: "/blog/x-1", es: "/blog/x-1", fr: "/blog/x-1", sv: "/blogg/x-1" },
  sitemap: {
    nl: "/sitemap.xml",
    en: "/sitemap.xml",
    de: "/sitemap.xml",
    es: "/sitemap.xml",
    fr: "/sitemap.xml",
    sv: "/sitemap.xml",
  },
  page: { nl: "/over/ons", en: "/over/ons", de: "/over/ons", es: "/over/ons", fr: "/over/ons", sv: "/over/ons" },
};
const PARAMS = { slug: "x-1", course: "c-2", splat: "over/ons" };

const cases = contract.routes.flatMap((route) =>
  (contract.locales as Locale[]).map((locale) => [route.name, locale] as const),
);

describe("routePath", () => {
  test("the expectations above cover exactly the routes and locales of the contract", () => {
    expect(Object.keys(EXPECTED)).toEqual(contract.routes.map((route) => route.name));
    expect(contract.locales).toEqual(["nl", "en", "de", "es", "fr", "sv"]);
  });

  test.each(cases)("%s in %s", (name, locale) => {
    // given a route name and locale from the contract
    // when
    const path = routePath(name, locale, PARAMS);
    // then
    expect(path).toBe(EXPECTED[name]?.[locale]);
  });

  test("product in es fills the slug into /tienda/:slug", () => {
    expect(routePath("product", "es", { slug: "banador-flotador" })).toBe("/tienda/banador-flotador");
  });

  test("blog-article in sv lives under /blogg", () => {
    expect(routePath("blog-article", "sv", { slug: "simskola" })).toBe("/blogg/simskola");
  });

  test("course in de lives under /course", () => {
    expect(routePath("course", "de", { slug: "schwimmen-lernen" })).toBe("/course/schwimmen-lernen");
  });

  test("cart in nl is /winkelmand", () => {
    expect(routePath("cart", "nl")).toBe("/winkelmand");
  });

  test("parameters are URL-encoded", () => {
    expect(routePath("product", "fr", { slug: "maillot été/2 & co?" })).toBe("/magasin/maillot%20%C3%A9t%C3%A9%2F2%20%26%20co%3F");
  });

  test("a missing parameter throws and names it", () => {
    expect(() => routePath("product", "nl")).toThrow("Route product needs parameter slug");
    expect(() => routePath("order", "en", { id: "1" })).toThrow("Route order needs parameter slug");
  });

  test("an unknown route throws", () => {
    expect(() => routePath("nope", "nl")).toThrow("Unknown route nope");
  });

  test("the catch-all fills in the splat, without a doubled leading slash", () => {
    expect(routePath("page", "nl", { splat: "over-ons/team" })).toBe("/over-ons/team");
    expect(routePath("page", "en", { splat: "/about-us" })).toBe("/about-us");
  });

  test("the catch-all without a splat is the root", () => {
    expect(routePath("page", "de")).toBe("/");
  });
});

describe("spaRoutes", () => {
  test("excludes the server-only sitemap route and keeps all the others in contract order", () => {
    const names = spaRoutes().map((route) => route.name);
    expect(names).toEqual(contract.routes.map((route) => route.name).filter((name) => name !== "sitemap"));
    expect(names).not.toContain("sitemap");
  });

  test("keeps the catch-all last so it matches last", () => {
    expect(spaRoutes().at(-1)?.name).toBe("page");
  });
});

describe("routeId", () => {
  test('has the format "name___locale"', () => {
    expect(routeId("product", "es")).toBe("product___es");
    expect(routeId("blog-article", "sv")).toBe("blog-article___sv");
  });
});

describe("routeTable", () => {
  test("exposes the contract's locales and default locale", () => {
    expect(routeTable.locales).toEqual(["nl", "en", "de", "es", "fr", "sv"]);
    expect(routeTable.defaultLocale).toBe("nl");
  });
});

describe("shopPath", () => {
  test.each([
    ["nl", "/shop"],
    ["en", "/shop"],
    ["de", "/shop"],
    ["es", "/tienda"],
    ["fr", "/magasin"],
    ["sv", "/butik"],
  ] as [Locale, string][])("the %s shop lives at %s, the parent of its product pages", (locale, expected) => {
    expect(shopPath(locale)).toBe(expected);
  });
});
