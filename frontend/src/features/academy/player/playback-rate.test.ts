import { describe, expect, test } from "vitest";
import { PLAYBACK_RATES, RATE_STORAGE_KEY, readRate, rememberRate } from "./playback-rate";

function memory(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    length: 0,
  };
}

describe("playback rate memory", () => {
  test("offers 0.5 to 2", () => {
    expect(PLAYBACK_RATES).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2]);
  });

  test("a chosen speed is read back; nothing stored reads as 1", () => {
    const storage = memory();
    expect(readRate(storage)).toBe(1);
    rememberRate(storage, 1.5);
    expect(storage.getItem(RATE_STORAGE_KEY)).toBe("1.5");
    expect(readRate(storage)).toBe(1.5);
  });

  test("a speed that is not offered is neither stored nor read", () => {
    const storage = memory();
    rememberRate(storage, 1.5);
    rememberRate(storage, 16);
    expect(readRate(storage)).toBe(1.5);
    storage.setItem(RATE_STORAGE_KEY, "fast");
    expect(readRate(storage)).toBe(1);
    storage.setItem(RATE_STORAGE_KEY, "3");
    expect(readRate(storage)).toBe(1);
  });

  test("blocked storage reads as 1 and does not throw", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(readRate(blocked)).toBe(1);
    expect(() => rememberRate(blocked, 2)).not.toThrow();
    expect(readRate(null)).toBe(1);
  });
});
