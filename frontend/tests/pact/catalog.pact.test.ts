/**
 * Consumer contracts of the catalog and cart-quote calls (contracts/catalog-api.md): the shop's
 * findProduct / findProducts and the cart's quoteCart (everything a cart line shows, and the
 * shipping countries) through the real lib/api client against Pact's mock server. findVariant
 * and findShippingCountries are spec §7 calls no screen makes any more (the quote answers both);
 * the API serves them to other clients, so they keep a contract all the same.
 *
 * Ids change with every reset to the fixtures: the state "the catalog is seeded" answers
 * `variantId` (the blue M float suit), `soldOutVariantId` and `productId` (the float suit), and
 * the verifier injects them (fromProviderState); the consumer side runs with the example ids.
 * No Host is sent, so the texts are the default locale's (Dutch).
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { quoteCart } from "../../src/lib/cart/quote";
import { findShippingCountries } from "../../src/lib/cart/shipping-countries";
import { findVariant } from "../../src/lib/cart/variant";
import { findProduct } from "../../src/features/shop/api/find-product";
import { findProducts } from "../../src/features/shop/api/find-products";
import { ApiError } from "../../src/lib/api";
import { exactly } from "./accounts";
import { clientFor as client, errorBody, splashApi } from "./provider";

const { boolean, eachLike, fromProviderState, integer, number, regex, string } = MatchersV3;

const provider = splashApi();

/** Answers { variantId, soldOutVariantId, productId }. */
const SEEDED = "the catalog is seeded";

/** The example ids the consumer side runs with; the verifier uses the provider state's ids. */
const VARIANT_ID = 13;
const PRODUCT_ID = 1;

const localeCode = (example: string) => regex("^(nl|en|de|es|fr|sv)$", example);
const sitePath = (example: string) => regex("^/.*", example);
const colour = (example: "blue" | "pink") => regex("^(blue|pink)$", example);
const size = (example: string) => regex("^(xs|s|m|l|xl|xxl|xxxl)$", example);
/** The contract fixes how sizes read: capitals, xxxl as 3XL. */
const sizeLabel = (example: string) => regex("^(XS|S|M|L|XL|XXL|3XL)$", example);

const IMAGE = {
  src: regex("^/media/products/.+", "/media/products/splash-float-suit-blue.webp"),
  alt: string("Illustratie van het blauwe Splash-drijfpak"),
  width: integer(1200),
  height: integer(1200),
};

/** A variant as part of its product (findOne) and, with `product`, as GET /product-variants/{id} answers it. */
const VARIANT = {
  id: integer(VARIANT_ID),
  sku: string("SPL-FS-BLUE-M"),
  colour: colour("blue"),
  size: size("m"),
  sizeLabel: sizeLabel("M"),
  title: string("Splash-drijfpak – Blauw, M"),
  price: integer(4995),
  stock: integer(7),
  available: boolean(true),
  introImage: IMAGE,
};

/** The countries Splash ships to, in the order the API lists them, with the fixtures' costs in cents as examples. */
const SHIPPING_COSTS = { nl: 395, de: 695, fr: 795, es: 895, se: 995 };

const CARD = {
  id: integer(PRODUCT_ID),
  key: string("splash-float-suit"),
  type: string("physical"),
  slug: string("splash-drijfpak"),
  path: sitePath("/shop/splash-drijfpak"),
  title: string("Splash-drijfpak"),
  intro: string("Het zwempak met acht drijvers die er één voor één uit kunnen."),
  introImage: IMAGE,
  priceFrom: integer(4995),
  colours: eachLike(colour("blue")),
  available: boolean(true),
};

describe("catalog API contract", () => {
  it("lists the products with these keys as cards with their image, price from and colours", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a find of the products with key splash-float-suit, with their image")
      .withRequest("GET", "/api/products", (b) =>
        b.headers({ accept: "application/json" }).query({
          "filters[key][$in][0]": "splash-float-suit",
          "pagination[page]": "1",
          "pagination[pageSize]": "1",
          "populate[introImage]": "true",
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({ ...CARD, key: exactly("splash-float-suit") }),
          meta: { pagination: { page: 1, pageSize: 1, pageCount: integer(1), total: integer(1) } },
        }),
      )
      .executeTest(async (mock) => {
        const found = await findProducts(["splash-float-suit"], client(mock.url));
        expect(found.meta.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 1, total: 1 });
        expect(found.data[0]).toMatchObject({ key: "splash-float-suit", priceFrom: 4995, colours: ["blue"], available: true });
        expect(found.data[0]?.introImage?.width).toBe(1200);
      });
  });

  it("answers one product with everything its page needs: description, photos, size guide, variants, localizations", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a findOne of the float suit by its id")
      .withRequest("GET", fromProviderState("/api/products/${productId}", `/api/products/${PRODUCT_ID}`), (b) =>
        b.headers({ accept: "application/json" }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...CARD,
            description: eachLike({ type: string("paragraph") }),
            images: eachLike(IMAGE),
            minAgeYears: integer(3),
            sizeGuide: eachLike({ size: size("xs"), sizeLabel: sizeLabel("XS"), minKg: number(12), maxKg: number(15), age: string("3–4") }),
            variants: eachLike(VARIANT),
            localizations: eachLike({ locale: localeCode("en"), slug: string("splash-float-suit"), path: sitePath("/shop/splash-float-suit") }),
            seo: {
              title: string("Splash-drijfpak met uitneembare drijvers | Splash"),
              description: string("Het Splash-drijfpak voor kinderen vanaf 3 jaar."),
              image: string("/media/products/splash-float-suit-blue.webp"),
            },
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await findProduct(PRODUCT_ID, client(mock.url));
        expect(data).toMatchObject({ id: PRODUCT_ID, slug: "splash-drijfpak", minAgeYears: 3 });
        expect(data.sizeGuide[0]).toEqual({ size: "xs", sizeLabel: "XS", minKg: 12, maxKg: 15, age: "3–4" });
        expect(data.variants[0]).toMatchObject({ id: VARIANT_ID, sizeLabel: "M", price: 4995, available: true });
        expect(data.localizations[0]).toEqual({ locale: "en", slug: "splash-float-suit", path: "/shop/splash-float-suit" });
      });
  });
});

describe("variant and shipping-country API contract (spec §7 calls no screen makes)", () => {
  it("answers one variant with its image and its product with the product's image, as spec §7's populate asks", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a findOne of the blue M float suit's variant with its image and its product's image")
      .withRequest("GET", fromProviderState("/api/product-variants/${variantId}", `/api/product-variants/${VARIANT_ID}`), (b) =>
        b.headers({ accept: "application/json" }).query({
          "populate[introImage]": "true",
          "populate[product][populate][introImage]": "true",
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...VARIANT,
            product: {
              id: integer(PRODUCT_ID),
              key: string("splash-float-suit"),
              type: string("physical"),
              slug: string("splash-drijfpak"),
              path: sitePath("/shop/splash-drijfpak"),
              title: string("Splash-drijfpak"),
              introImage: IMAGE,
            },
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await findVariant(VARIANT_ID, client(mock.url));
        expect(data).toMatchObject({ id: VARIANT_ID, colour: "blue", size: "m", sizeLabel: "M", price: 4995, available: true });
        expect(data.introImage).toMatchObject({ width: 1200, height: 1200 });
        expect(data.product).toMatchObject({ id: PRODUCT_ID, key: "splash-float-suit", type: "physical", path: "/shop/splash-drijfpak" });
        expect(data.product.introImage).toMatchObject({ width: 1200, height: 1200 });
      });
  });

  it("lists the countries Splash ships to with their shipping cost in cents", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a request for the shipping countries")
      .withRequest("GET", "/api/shipping-countries", (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: Object.entries(SHIPPING_COSTS).map(([iso, cost]) => ({ iso, shippingCost: integer(cost) })) }),
      )
      .executeTest(async (mock) => {
        const { data } = await findShippingCountries(client(mock.url));
        expect(data).toEqual(Object.entries(SHIPPING_COSTS).map(([iso, shippingCost]) => ({ iso, shippingCost })));
      });
  });
});

describe("cart quote API contract", () => {
  it("prices one line shipped to the Netherlands with what the cart shows of it: unit price, line total, VAT, subtotal, shipping and total in cents", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a quote for one blue M float suit shipped to nl")
      .withRequest("POST", "/api/cart/quote", (b) =>
        b.headers({ accept: "application/json" }).jsonBody({
          items: [{ variantId: fromProviderState("${variantId}", VARIANT_ID), quantity: 1, options: [] }],
          country: "nl",
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            items: eachLike({
              variantId: integer(VARIANT_ID),
              quantity: 1,
              options: [],
              title: string("Splash-drijfpak"),
              variantLabel: string("Blauw, M"),
              image: IMAGE,
              productPath: sitePath("/shop/splash-drijfpak"),
              unitPrice: integer(4995),
              lineTotal: integer(4995),
              vat: integer(867),
              available: boolean(true),
              stock: integer(7),
            }),
            dropped: [],
            physical: true,
            subtotal: integer(4995),
            shipping: { status: "cost", cost: integer(395), country: "nl" },
            vat: { country: "nl", rate: 21, shipping: integer(69), total: integer(936) },
            total: integer(5390),
            countries: ["nl", "de", "fr", "es", "se"].map((iso) => ({ iso, shippingCost: integer(395) })),
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await quoteCart({ items: [{ variantId: VARIANT_ID, quantity: 1, options: [] }], country: "nl" }, client(mock.url));
        expect(data.items[0]).toMatchObject({ variantId: VARIANT_ID, quantity: 1, unitPrice: 4995, lineTotal: 4995, vat: 867, available: true });
        expect(data.items[0]).toMatchObject({ title: "Splash-drijfpak", variantLabel: "Blauw, M", productPath: "/shop/splash-drijfpak" });
        expect(data.items[0]?.image).toMatchObject({ width: 1200, height: 1200 });
        expect(data.vat).toEqual({ country: "nl", rate: 21, shipping: 69, total: 936 });
        expect(data.shipping).toEqual({ status: "cost", cost: 395, country: "nl" });
        expect([data.subtotal, data.total]).toEqual([4995, 5390]);
        expect(data.dropped).toEqual([]);
        expect(data.countries.map((country) => country.iso)).toEqual(["nl", "de", "fr", "es", "se"]);
      });
  });

  it("refuses a line with quantity 0: a 400 naming items.0.quantity", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a quote with a line of quantity 0")
      .withRequest("POST", "/api/cart/quote", (b) =>
        b.headers({ accept: "application/json" }).jsonBody({ items: [{ variantId: fromProviderState("${variantId}", VARIANT_ID), quantity: 0, options: [] }] }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody(
          errorBody(400, "ValidationError", "Input should be greater than or equal to 1", {
            errors: eachLike({
              path: [exactly("items"), exactly("0"), exactly("quantity")],
              message: string("Input should be greater than or equal to 1"),
              name: exactly("ValidationError"),
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const failure = await quoteCart({ items: [{ variantId: VARIANT_ID, quantity: 0, options: [] }] }, client(mock.url)).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(400);
        expect((failure as ApiError).fieldMessage(["items", "0", "quantity"])).toBe("Input should be greater than or equal to 1");
      });
  });
});
