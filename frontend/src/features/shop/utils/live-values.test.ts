import { describe, expect, test } from "vitest";
import { cardFixture, suitVariants } from "../../../testing/shop";
import { withLiveCards, withLiveValues } from "./live-values";

const variants = suitVariants();

describe("withLiveValues", () => {
  test("takes today's price, stock and availability; texts stay as published", () => {
    // given
    const live = variants.map((variant) => (variant.id === 13 ? { ...variant, title: "changed", price: 3995, stock: 0, available: false } : variant));
    // when
    const merged = withLiveValues(variants, live);
    // then
    expect(merged.find((variant) => variant.id === 13)).toEqual({ ...variants[2], price: 3995, stock: 0, available: false });
    expect(merged.filter((variant) => variant.id !== 13)).toEqual(variants.filter((variant) => variant.id !== 13));
  });

  test("a variant the live answer no longer has cannot be bought", () => {
    const merged = withLiveValues(variants, variants.slice(1));
    expect(merged[0]).toMatchObject({ id: 11, stock: 0, available: false });
  });
});

describe("withLiveCards", () => {
  test("takes today's lowest price and availability by product key; the rest stays as published", () => {
    const published = [cardFixture(), cardFixture({ id: 2, key: "splash-sun-float-suit", title: "Splash sun float suit", priceFrom: 5495 })];
    const live = [cardFixture({ id: 2, key: "splash-sun-float-suit", title: "changed", priceFrom: 4995, available: false }), cardFixture({ priceFrom: 3995 })];
    expect(withLiveCards(published, live)).toEqual([
      { ...published[0], priceFrom: 3995 },
      { ...published[1], priceFrom: 4995, available: false },
    ]);
  });

  test("a product no longer listed cannot be bought", () => {
    expect(withLiveCards([cardFixture()], [])).toEqual([{ ...cardFixture(), available: false }]);
  });
});
