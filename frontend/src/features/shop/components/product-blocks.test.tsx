import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { fakeApi, ok, type ApiCall, type Reply } from "../../../testing/auth";
import { renderWithCart, resetCartTestState } from "../../../testing/cart";
import { cardFixture } from "../../../testing/shop";
import type { ProductCard } from "../types";
import { ProductIntroBlock, ProductItemBlock, ProductListBlock } from "./product-blocks";

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const SUN = cardFixture({
  id: 2,
  key: "splash-sun-float-suit",
  slug: "splash-sun-float-suit",
  path: "/shop/splash-sun-float-suit",
  title: "Splash sun float suit",
  intro: "Our float suit with long sleeves, long legs and UV 50+ protection.",
  priceFrom: 5495,
  introImage: null,
});

/** GET /products answering these cards (today's values). */
function productsApi(cards: ProductCard[] = [cardFixture(), SUN], answer?: (call: ApiCall) => Reply) {
  return fakeApi({ "GET /products": answer ?? (() => ok({ data: cards, meta: { pagination: { page: 1, pageSize: 2, pageCount: 1, total: 2 } } })) });
}

afterEach(() => resetCartTestState());

describe("ProductListBlock", () => {
  test("a grid of cards: title linking to the product, intro, 'from' price, colours and photo", () => {
    productsApi();
    renderWithCart(<ProductListBlock block={{ type: "collection-list", collection: "product", title: "All float suits", entries: [cardFixture(), SUN] }} />);
    expect(screen.getByRole("heading", { level: 2, name: "All float suits" })).toBeTruthy();
    const cards = within(screen.getByRole("list")).getAllByRole("article");
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole("heading", { level: 3, name: "Splash float suit" })).toBeTruthy();
    expect(first.getByRole("link", { name: "Splash float suit" }).getAttribute("href")).toBe("/shop/splash-float-suit");
    expect(plain(cards[0]?.querySelector(".product-card__price")?.textContent)).toBe("from €49.95");
    expect(first.getByText("Available in Blue and Pink")).toBeTruthy();
    expect(cards[0]?.querySelectorAll(".swatch__dot")).toHaveLength(2);
    const photo = first.getByRole("img", { name: "Illustration of the blue Splash float suit" });
    expect([photo.getAttribute("width"), photo.getAttribute("height"), photo.getAttribute("loading")]).toEqual(["1200", "1200", "lazy"]);
    expect(plain(cards[1]?.querySelector(".product-card__price")?.textContent)).toBe("from €54.95");
    expect(within(cards[1] as HTMLElement).queryByRole("img")).toBeNull(); // no photo: an icon stands in
  });

  test("after hydration today's price and availability replace the published ones (one request for all cards)", async () => {
    // given
    const server = productsApi([cardFixture({ priceFrom: 3995 }), { ...SUN, available: false }]);
    // when
    renderWithCart(<ProductListBlock block={{ type: "collection-list", collection: "product", entries: [cardFixture(), SUN] }} />);
    // then
    await waitFor(() => expect(screen.getByText("Sold out")).toBeTruthy());
    expect(plain(document.querySelector(".product-card__price")?.textContent)).toBe("from €39.95");
    expect(server.calls).toHaveLength(1);
    expect(Object.fromEntries(server.calls[0]?.query ?? [])).toEqual({
      "filters[key][$in][0]": "splash-float-suit",
      "filters[key][$in][1]": "splash-sun-float-suit",
      "pagination[page]": "1",
      "pagination[pageSize]": "2",
      "populate[introImage]": "true",
    });
  });

  test("without a title the cards' headings are h2", () => {
    productsApi();
    renderWithCart(<ProductListBlock block={{ type: "collection-list", collection: "product", entries: [cardFixture()] }} />);
    expect(screen.getByRole("heading", { level: 2, name: "Splash float suit" })).toBeTruthy();
  });

  test("no products: nothing at all", () => {
    const server = productsApi();
    const { container } = renderWithCart(<ProductListBlock block={{ type: "collection-list", collection: "product", entries: [] }} />);
    expect(container.querySelector(".block-products")).toBeNull();
    expect(server.calls).toEqual([]);
  });
});

describe("ProductItemBlock and ProductIntroBlock", () => {
  test("product-intro is a section heading; product-item one bigger card below it", () => {
    productsApi();
    renderWithCart(
      <>
        <ProductIntroBlock block={{ type: "product-intro", title: "The Splash float suit" }} />
        <ProductItemBlock block={{ type: "product-item", product: "splash-float-suit", entry: cardFixture() }} />
      </>,
    );
    expect(screen.getByRole("heading", { level: 2, name: "The Splash float suit" })).toBeTruthy();
    const card = screen.getByRole("article");
    expect(card.className).toContain("product-card--featured");
    expect(within(card).getByRole("heading", { level: 3, name: "Splash float suit" })).toBeTruthy();
    expect(within(card).getByRole("img").getAttribute("loading")).toBe("eager");
  });

  test("a product that is not published (entry null) and an intro without title render nothing", () => {
    productsApi();
    const { container } = renderWithCart(
      <>
        <ProductIntroBlock block={{ type: "product-intro" }} />
        <ProductItemBlock block={{ type: "product-item", product: "gone", entry: null }} />
      </>,
    );
    expect(container.querySelector("section")).toBeNull();
  });
});
