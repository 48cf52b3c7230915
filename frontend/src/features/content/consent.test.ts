import { afterEach, describe, expect, test, vi } from "vitest";
import { CONSENT_EVENT, parseConsent, readConsent, writeConsent } from "./consent";

afterEach(() => {
  document.cookie = "consent=; Max-Age=0; Path=/";
  vi.restoreAllMocks();
});

describe("consent cookie", () => {
  test("writeConsent sets consent=<JSON> for 365 days on path / with SameSite=Lax", () => {
    // given
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
    vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });
    // when
    writeConsent({ statistics: true, marketing: false, embeds: true }, new Date("2025-06-01T10:00:00Z"));
    // then
    expect(written).toHaveLength(1);
    const [pair, ...attributes] = (written[0] ?? "").split("; ");
    expect(pair?.startsWith("consent=")).toBe(true);
    expect(JSON.parse(decodeURIComponent(pair?.slice("consent=".length) ?? ""))).toEqual({
      statistics: true,
      marketing: false,
      embeds: true,
      savedAt: "2025-06-01T10:00:00.000Z",
    });
    expect(attributes).toEqual(["Max-Age=31536000", "Path=/", "SameSite=Lax"]);
  });

  test("the written cookie reads back, and a window event tells the app", () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(CONSENT_EVENT, listener);
    const consent = writeConsent({ statistics: false, marketing: true, embeds: false });
    window.removeEventListener(CONSENT_EVENT, listener);
    expect(readConsent()).toEqual(consent);
    expect(seen).toEqual([consent]);
  });

  test.each([
    ["", null],
    ["other=1", null],
    ["consent=not-json", null],
    ["consent=%5B%5D", { statistics: false, marketing: false, embeds: false, savedAt: "" }],
    [
      `a=1; consent=${encodeURIComponent('{"statistics":true,"marketing":"yes","embeds":true,"savedAt":"x"}')}; b=2`,
      { statistics: true, marketing: false, embeds: true, savedAt: "x" },
    ],
  ])("parseConsent(%j)", (cookies, expected) => {
    expect(parseConsent(cookies)).toEqual(expected);
  });
});
