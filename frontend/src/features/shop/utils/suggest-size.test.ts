import { describe, expect, test } from "vitest";
import { SIZE_GUIDE } from "../../../testing/shop";
import { parseWeight, suggestSize } from "./suggest-size";

describe("parseWeight", () => {
  test.each([
    ["18", 18],
    ["18,5", 18.5],
    ["18.5", 18.5],
    [" 20 kg ", 20],
    ["20KG", 20],
  ])("%s is %s kg", (text, kg) => {
    expect(parseWeight(text)).toBe(kg);
  });

  test.each(["", "  ", "abc", "0", "-5", "18,5,1", "1e3", "2000"])("%s is no weight", (text) => {
    expect(parseWeight(text)).toBeNull();
  });
});

describe("suggestSize", () => {
  const label = (kg: number) => {
    const suggestion = suggestSize(SIZE_GUIDE, kg);
    return suggestion && `${suggestion.kind} ${suggestion.row.sizeLabel}`;
  };

  test.each([
    [12, "fits XS"],
    [14.9, "fits XS"],
    [15, "fits S"],
    [20, "fits M"],
    [22, "fits L"],
    [34, "fits XXL"],
    [35, "fits 3XL"],
    [40, "fits 3XL"],
  ])("%s kg: %s", (kg, expected) => {
    expect(label(kg)).toBe(expected);
  });

  test("lighter than the smallest size or heavier than the largest says so, with that size", () => {
    expect(label(11.5)).toBe("too-light XS");
    expect(label(40.5)).toBe("too-heavy 3XL");
  });

  test("a gap between two sizes gets the larger one", () => {
    const guide = [
      { size: "xs" as const, sizeLabel: "XS", minKg: 12, maxKg: 15, age: "3–4" },
      { size: "s" as const, sizeLabel: "S", minKg: 16, maxKg: 18, age: "4–5" },
    ];
    expect(suggestSize(guide, 15.5)?.row.size).toBe("s");
  });

  test("without a size guide there is no suggestion", () => {
    expect(suggestSize([], 20)).toBeNull();
  });
});
