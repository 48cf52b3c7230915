/**
 * Consumer contracts of the catalog, shipping and cart-quote calls (contracts/catalog-api.md):
 * lib/cart's getVariant, the shop's findProduct / findProducts and the cart's quoteCart /
 * getShippingCountries through the real lib/api client against Pact's mock server.
 *
 * Ids change with every reset to the fixtures: the state "the catalog is seeded" answers
 * `variantId` (the blue M float suit), `soldOutVariantId` and `productId` (the float suit), and
 * the verifier injects them (fromProviderState); the consumer side runs with the example ids.
 * No Host is sent, so the texts are the default locale's (Dutch).
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getShippingCountries } from "../../src/features/cart/api/get-shipping-countries";
import { quoteCart } from "../../src/features/cart/api/quote-cart";
import { findProduct } from "../../src/features/shop/api/find-product";
import { findProducts } from "../../src/features/shop/api/find-products";
import { ApiError } from "../../src/lib/api";
import { getVariant } from "../../src/lib/cart";
import { exactly } from "./accounts";
import { clientFor as client, errorBody, splashApi } from "./provider";

const { boolean, eachLike, fromProviderState, integer, number, regex, string } = MatchersV3;

const provider = splashApi();

/** Answers { variantId, soldOutVariantId, productId }. */
const SEEDED = "the catalog is seeded";

/** The example ids the consumer side runs with; the verifier uses the provider state's ids. */
const VARIANT_ID = 13;
const SOLD_OUT_VARIANT_ID = 28;
const PRODUCT_ID = 1;

const POPULATE = { "populate[introImage]": "true", "populate[product][populate][introImage]": "true" };

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
  it("answers a variant with its image, price in cents, stock and product (with the product's image)", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a request for the blue M float suit variant with its image and its product's image")
      .withRequest("GET", fromProviderState("/api/product-variants/${variantId}", `/api/product-variants/${VARIANT_ID}`), (b) =>
        b.headers({ accept: "application/json" }).query(POPULATE),
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
        const { data } = await getVariant(VARIANT_ID, client(mock.url));
        expect(data).toMatchObject({ id: VARIANT_ID, colour: "blue", size: "m", sizeLabel: "M", price: 4995, available: true });
        expect(data.introImage).toMatchObject({ width: 1200, height: 1200 });
        expect(data.product).toMatchObject({ id: PRODUCT_ID, path: "/shop/splash-drijfpak", title: "Splash-drijfpak" });
        expect(data.product.introImage?.src).toBe("/media/products/splash-float-suit-blue.webp");
      });
  });

  it("answers an unknown variant with a 404 NotFoundError", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a request for the variant with the unknown id 999999")
      .withRequest("GET", "/api/product-variants/999999", (b) => b.headers({ accept: "application/json" }).query(POPULATE))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, "NotFoundError", "Product variant not found")))
      .executeTest(async (mock) => {
        const failure = await getVariant(999999, client(mock.url)).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect([(failure as ApiError).status, (failure as ApiError).name]).toEqual([404, "NotFoundError"]);
      });
  });

  it("answers a variant id that is not a number with a 400 naming the id", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a request for the variant with the malformed id abc")
      .withRequest("GET", "/api/product-variants/abc", (b) => b.headers({ accept: "application/json" }).query(POPULATE))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          errorBody(400, "ValidationError", "id must be a whole number", {
            errors: eachLike({ path: [exactly("id")], message: string("id must be a whole number"), name: exactly("ValidationError") }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const failure = await getVariant("abc", client(mock.url)).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(400);
        expect((failure as ApiError).fieldMessage(["id"])).toBe("id must be a whole number");
      });
  });

  it("answers a sold-out variant as unavailable with stock 0", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a request for a sold-out variant")
      .withRequest("GET", fromProviderState("/api/product-variants/${soldOutVariantId}", `/api/product-variants/${SOLD_OUT_VARIANT_ID}`), (b) =>
        b.headers({ accept: "application/json" }).query(POPULATE),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...VARIANT,
            id: integer(SOLD_OUT_VARIANT_ID),
            stock: 0,
            available: false,
            product: { id: integer(PRODUCT_ID), title: string("Splash-drijfpak"), path: sitePath("/shop/splash-drijfpak") },
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getVariant(SOLD_OUT_VARIANT_ID, client(mock.url));
        expect([data.stock, data.available]).toEqual([0, false]);
      });
  });

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

describe("shipping and cart quote API contract", () => {
  it("answers the shipping countries with their cost in cents", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a request for the shipping countries")
      .withRequest("GET", "/api/shipping-countries", (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: ["nl", "de", "fr", "es", "se"].map((iso) => ({ iso, shippingCost: integer(395) })),
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getShippingCountries(client(mock.url));
        expect(data.map((country) => country.iso)).toEqual(["nl", "de", "fr", "es", "se"]);
        expect(data[0]?.shippingCost).toBe(395);
      });
  });

  it("prices one line shipped to the Netherlands: unit price, line total, subtotal, shipping and total in cents", async () => {
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
              unitPrice: integer(4995),
              lineTotal: integer(4995),
              available: boolean(true),
              stock: integer(7),
            }),
            dropped: [],
            physical: true,
            subtotal: integer(4995),
            shipping: { status: "cost", cost: integer(395), country: "nl" },
            total: integer(5390),
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await quoteCart({ items: [{ variantId: VARIANT_ID, quantity: 1, options: [] }], country: "nl" }, client(mock.url));
        expect(data.items[0]).toMatchObject({ variantId: VARIANT_ID, quantity: 1, unitPrice: 4995, lineTotal: 4995, available: true });
        expect(data.shipping).toEqual({ status: "cost", cost: 395, country: "nl" });
        expect([data.subtotal, data.total]).toEqual([4995, 5390]);
        expect(data.dropped).toEqual([]);
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
