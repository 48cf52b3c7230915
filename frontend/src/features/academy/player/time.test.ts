import { describe, expect, test } from "vitest";
import { formatPosition, offersResume } from "./time";

describe("formatPosition", () => {
  test.each([
    [0, "0:00"],
    [83_000, "1:23"],
    [83_999, "1:23"],
    [725_000, "12:05"],
    [3_723_000, "1:02:03"],
    [-5, "0:00"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatPosition(ms)).toBe(text);
  });
});

describe("offersResume", () => {
  test("only past the first 5 s of a lesson not completed", () => {
    expect(offersResume(5000, false, 300_000)).toBe(false);
    expect(offersResume(5001, false, 300_000)).toBe(true);
    expect(offersResume(83_000, true, 300_000)).toBe(false);
  });

  test("past the first quarter of a clip shorter than 20 s", () => {
    expect(offersResume(1750, false, 7000)).toBe(false);
    expect(offersResume(1751, false, 7000)).toBe(true);
    expect(offersResume(6000, true, 7000)).toBe(false);
  });
});
