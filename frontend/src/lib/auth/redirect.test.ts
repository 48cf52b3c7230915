import { afterEach, describe, expect, test } from "vitest";
import { clearCookie, readCookie } from "../cookies";
import { REDIRECT_COOKIE, rememberRedirect, takeRedirect } from "./redirect";

afterEach(() => clearCookie(REDIRECT_COOKIE));

describe("the auth-redirect cookie", () => {
  test("a remembered path is taken once, then the cookie is gone", () => {
    // given
    rememberRedirect("/mijn-splash?tab=orders");
    // when
    const first = takeRedirect();
    // then
    expect(first).toBe("/mijn-splash?tab=orders");
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
    expect(takeRedirect()).toBeNull();
  });

  test("nothing remembered gives null", () => {
    expect(takeRedirect()).toBeNull();
  });

  test.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "mijn-splash"])("%s is never remembered", (path) => {
    rememberRedirect(path);
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
  });

  test("a cookie set elsewhere with another site's address is cleared and ignored", () => {
    document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent("//evil.example")}; Path=/`;
    expect(takeRedirect()).toBeNull();
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
  });
});
