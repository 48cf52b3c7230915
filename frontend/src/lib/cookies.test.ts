import { afterEach, describe, expect, test, vi } from "vitest";
import { clearCookie, cookieValue, readCookie, writeCookie } from "./cookies";

afterEach(() => {
  clearCookie("token");
  vi.restoreAllMocks();
});

describe("cookieValue", () => {
  test("finds a cookie between others by its exact name", () => {
    expect(cookieValue("a=1; token=abc; oldtoken=x", "token")).toBe("abc");
    expect(cookieValue("oldtoken=x", "token")).toBeNull();
  });
});

describe("writeCookie / readCookie / clearCookie", () => {
  test("a written value reads back decoded; clearing removes it", () => {
    // given / when
    writeCookie("token", "a b;c", 60);
    // then
    expect(readCookie("token")).toBe("a b;c");
    clearCookie("token");
    expect(readCookie("token")).toBeNull();
  });

  test("the cookie has path /, SameSite=Lax and the max-age; no Secure on http", () => {
    const set = vi.spyOn(document, "cookie", "set");
    writeCookie("token", "jwt", 2592000);
    expect(set).toHaveBeenCalledWith("token=jwt; Max-Age=2592000; Path=/; SameSite=Lax");
  });

  test("a malformed encoding reads as null", () => {
    document.cookie = "token=%E0%A4%A; Path=/";
    expect(readCookie("token")).toBeNull();
  });
});
