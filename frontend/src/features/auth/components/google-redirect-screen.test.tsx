import { screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { rememberRedirect, REDIRECT_COOKIE, TOKEN_COOKIE } from "../../../lib/auth";
import { failure, fakeApi, jwt, ok, renderWithAuth, resetAuthTestState, userFixture } from "../../../lib/auth/test-utils";
import { readCookie } from "../../../lib/cookies";
import { GoogleRedirectScreen } from "./google-redirect-screen";

const googleUser = userFixture({ email: "google.ouder@example.com", provider: "google" });

afterEach(() => resetAuthTestState());

describe("GoogleRedirectScreen", () => {
  test("exchanges Google's access token once (also under StrictMode), signs in and goes to the account page", async () => {
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
});
