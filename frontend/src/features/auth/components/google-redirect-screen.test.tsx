import { fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { rememberRedirect, REDIRECT_COOKIE, TOKEN_COOKIE } from "../../../lib/auth";
import { failure, fakeApi, jwt, ok, renderWithAuth, resetAuthTestState, userFixture } from "../../../testing/auth";
import { readCookie } from "../../../lib/cookies";
import { GoogleRedirectScreen } from "./google-redirect-screen";

const googleUser = userFixture({ email: "google.ouder@example.com", provider: "google" });

afterEach(() => resetAuthTestState());

describe("GoogleRedirectScreen", () => {
  test("exchanges the sign-in ticket once (also under StrictMode), signs in and goes to the account page", async () => {
    // given
    const server = fakeApi({
      "GET /auth/google/callback": () => ok({ jwt: jwt("google"), user: googleUser }),
      "GET /users/me": () => ok(googleUser),
    });
    // when
    const view = renderWithAuth(
      <StrictMode>
        <GoogleRedirectScreen />
      </StrictMode>,
      { path: "/connect/google/redirect?access_token=ya29.token" },
    );
    // then
    await waitFor(() => expect(view.location()).toBe("/my-splash"));
    const exchanges = server.callsTo("GET /auth/google/callback");
    expect(exchanges.map((call) => call.query.get("access_token"))).toEqual(["ya29.token"]);
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("google"));
    expect(view.store.getState().user?.email).toBe("google.ouder@example.com");
  });

  test("goes on to the page in the auth-redirect cookie", async () => {
    fakeApi({
      "GET /auth/google/callback": () => ok({ jwt: jwt("google"), user: googleUser }),
      "GET /users/me": () => ok(googleUser),
    });
    rememberRedirect("/afrekenen");
    const view = renderWithAuth(<GoogleRedirectScreen />, { path: "/connect/google/redirect?access_token=ya29.token", locale: "nl" });
    await waitFor(() => expect(view.location()).toBe("/afrekenen"));
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
  });

  test("?error=… shows a friendly message and a link to the login, without calling the API", () => {
    const server = fakeApi({});
    renderWithAuth(<GoogleRedirectScreen />, { path: "/connect/google/redirect?error=access_denied", locale: "nl" });
    expect(screen.getByRole("heading", { level: 1, name: "Inloggen met Google is niet gelukt" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terug naar inloggen" }).getAttribute("href")).toBe("/inloggen");
    expect(server.calls.filter((call) => call.path.startsWith("/auth"))).toEqual([]);
  });

  test("a token Google refuses (provider_error) shows the same friendly message", async () => {
    fakeApi({ "GET /auth/google/callback": () => failure(400, { code: "provider_error" }) });
    const view = renderWithAuth(<GoogleRedirectScreen />, { path: "/connect/google/redirect?access_token=revoked-token" });
    expect(await screen.findByRole("heading", { level: 1, name: "Signing in with Google did not work" })).toBeTruthy();
    expect(view.store.getState().status).toBe("signed-out");
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("while the token is exchanged, the screen says so", () => {
    fakeApi({ "GET /auth/google/callback": () => new Promise(() => undefined) });
    renderWithAuth(<GoogleRedirectScreen />, { path: "/connect/google/redirect?access_token=slow" });
    expect(screen.getByRole("status").textContent).toBe("Signing you in with Google…");
  });

  test("?error=blocked says the account is blocked", () => {
    fakeApi({});
    renderWithAuth(<GoogleRedirectScreen />, { path: "/connect/google/redirect?error=blocked" });
    expect(screen.getByText("This account has been blocked. Please contact us.")).toBeTruthy();
  });

  describe("an address with a confirmed account (?link=…): the owner proves the password once", () => {
    const path = "/connect/google/redirect?link=link-ticket&email=ouder%40example.com";
    const prove = (password: string) => {
      fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
      fireEvent.click(screen.getByRole("button", { name: "Link Google and log in" }));
    };

    test("asks for the password of that address, links, signs in and goes on", async () => {
      // given
      const server = fakeApi({
        "POST /auth/google/link": () => ok({ jwt: jwt("linked"), user: userFixture() }),
        "GET /users/me": () => ok(userFixture()),
      });
      const view = renderWithAuth(<GoogleRedirectScreen />, { path });
      expect(screen.getByRole("heading", { level: 1, name: "You already have a Splash account" })).toBeTruthy();
      expect(screen.getByText(/^ouder@example\.com already has a Splash account/)).toBeTruthy();
      // when
      prove("Zwemmen-2026");
      // then
      await waitFor(() => expect(view.location()).toBe("/my-splash"));
      expect(server.callsTo("POST /auth/google/link")[0]?.body).toEqual({ code: "link-ticket", password: "Zwemmen-2026" });
      expect(server.callsTo("GET /auth/google/callback")).toEqual([]);
      expect(readCookie(TOKEN_COOKIE)).toBe(jwt("linked"));
    });

    test("a wrong password says so and stays signed out", async () => {
      fakeApi({ "POST /auth/google/link": () => failure(400, { code: "invalid_credentials" }) });
      const view = renderWithAuth(<GoogleRedirectScreen />, { path, locale: "nl" });
      fireEvent.change(screen.getByLabelText("Wachtwoord"), { target: { value: "fout-wachtwoord" } });
      fireEvent.click(screen.getByRole("button", { name: "Google koppelen en inloggen" }));
      expect(await screen.findByText("E-mailadres en/of wachtwoord onjuist")).toBeTruthy();
      expect(view.store.getState().status).toBe("signed-out");
    });
  });
});
