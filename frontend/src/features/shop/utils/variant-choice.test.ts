import { describe, expect, test } from "vitest";
import { SIZE_GUIDE, suitVariants } from "../../../testing/shop";
import { choiceStatus, chosenVariant, coloursOf, lowestPrice, sizesOf, sizeUnavailable } from "./variant-choice";

const variants = suitVariants();

describe("choosing a variant", () => {
  test("the colours in the order of the variants, the sizes smallest first with their labels", () => {
    expect(coloursOf(variants)).toEqual(["blue", "pink"]);
    expect(sizesOf([...variants].reverse(), SIZE_GUIDE).map((entry) => entry.sizeLabel)).toEqual(["XS", "S", "M", "L", "XL", "XXL", "3XL"]);
  });

  test("until both colour and size are picked there is no variant and the status is 'choose'", () => {
    for (const choice of [{ colour: null, size: null }, { colour: "blue" as const, size: null }, { colour: null, size: "m" as const }]) {
      expect(chosenVariant(variants, choice)).toBeNull();
      expect(choiceStatus(variants, choice)).toBe("choose");
    }
  });

  test("colour and size pick that variant; it is 'available' when it can be bought", () => {
    expect(chosenVariant(variants, { colour: "pink", size: "m" })?.id).toBe(23);
    expect(choiceStatus(variants, { colour: "pink", size: "m" })).toBe("available");
  });

  test("a sold-out or switched-off variant is 'unavailable', as is a combination that does not exist", () => {
    expect(choiceStatus(variants, { colour: "pink", size: "xxxl" })).toBe("unavailable");
    const withoutBlueM = variants.filter((variant) => variant.id !== 13);
    expect(choiceStatus(withoutBlueM, { colour: "blue", size: "m" })).toBe("unavailable");
  });

  test("a size is unavailable in a colour when that variant cannot be bought; without a colour, when none can", () => {
    expect(sizeUnavailable(variants, "pink", "xxxl")).toBe(true);
    expect(sizeUnavailable(variants, "blue", "xxxl")).toBe(false);
    expect(sizeUnavailable(variants, null, "xxxl")).toBe(false);
    const noXs = variants.map((variant) => (variant.size === "xs" ? { ...variant, available: false } : variant));
    expect(sizeUnavailable(noXs, null, "xs")).toBe(true);
  });

  test("the lowest price of the variants", () => {
    expect(lowestPrice(variants.map((variant, index) => ({ ...variant, price: 5000 - index })))).toBe(5000 - 13);
    expect(lowestPrice([])).toBeNull();
  });
});
