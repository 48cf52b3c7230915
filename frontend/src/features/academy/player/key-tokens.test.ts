import { describe, expect, test, vi } from "vitest";
import { createKeyTokens, type KeyToken } from "./key-tokens";

const NOW = Date.parse("2026-11-25T10:00:00Z");
const valid = (token: string, minutes = 10): KeyToken => ({ token, expiresAt: new Date(NOW + minutes * 60_000).toISOString() });

describe("createKeyTokens", () => {
  test("a valid token is sent as it is, without asking for another", async () => {
    const fetchToken = vi.fn(async () => valid("fresh"));
    const tokens = createKeyTokens(valid("first"), fetchToken, () => NOW);
    expect(await tokens.forRequest()).toBe("first");
    expect(fetchToken).not.toHaveBeenCalled();
  });

  test("a refused key is retried once: the retry waits for the fresh token", async () => {
    let answer!: (token: KeyToken) => void;
    const fetchToken = vi.fn(() => new Promise<KeyToken>((resolve) => (answer = resolve)));
    const tokens = createKeyTokens(valid("first"), fetchToken, () => NOW);
    expect(tokens.refused()).toBe(true);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    const retried = tokens.forRequest();
    answer(valid("second"));
    expect(await retried).toBe("second");
  });

  test("a second refusal before any key arrived is final; after a key arrived, a refusal is retried again", async () => {
    const fetchToken = vi.fn(async () => valid("again"));
    const tokens = createKeyTokens(valid("first"), fetchToken, () => NOW);
    expect(tokens.refused()).toBe(true);
    await tokens.forRequest();
    expect(tokens.refused()).toBe(false);
    tokens.loaded();
    expect(tokens.refused()).toBe(true);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  test("a token about to expire is fetched again before the request", async () => {
    const fetchToken = vi.fn(async () => valid("fresh"));
    const tokens = createKeyTokens(valid("old", 0.25), fetchToken, () => NOW);
    expect(await tokens.forRequest()).toBe("fresh");
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  test("when the lesson is locked now (no token) or the refresh fails, the old token stands", async () => {
    const tokens = createKeyTokens(valid("old"), async () => null, () => NOW);
    tokens.refused();
    expect(await tokens.forRequest()).toBe("old");
    const failing = createKeyTokens(valid("old"), () => Promise.reject(new Error("offline")), () => NOW);
    failing.refused();
    expect(await failing.forRequest()).toBe("old");
  });
});
