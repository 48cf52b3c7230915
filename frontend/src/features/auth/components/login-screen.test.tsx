import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { rememberRedirect, REDIRECT_COOKIE, TOKEN_COOKIE } from "../../../lib/auth";
import { failure, fakeApi, jwt, ok, renderWithAuth, resetAuthTestState, userFixture } from "../../../testing/auth";
import { readCookie } from "../../../lib/cookies";
import { LoginScreen } from "./login-screen";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function logIn(email = "ouder@example.com", password = "Zwemmen-2026") {
  type("Email address", email);
  type("Password", password);
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
}

const signedIn = { "POST /auth/local": () => ok({ jwt: jwt("ouder"), user: userFixture() }), "GET /users/me": () => ok(userFixture()) };

afterEach(() => resetAuthTestState());

describe("LoginScreen", () => {
  test("a correct login signs in with the token and lands on the account page", async () => {
    // given
    const server = fakeApi(signedIn);
    const view = renderWithAuth(<LoginScreen />, { path: "/login" });
    // when
    logIn();
    // then
    await waitFor(() => expect(view.location()).toBe("/my-splash"));
    expect(server.callsTo("POST /auth/local")[0]?.body).toEqual({ identifier: "ouder@example.com", password: "Zwemmen-2026" });
    expect(server.callsTo("GET /users/me")[0]?.headers.authorization).toBe(`Bearer ${jwt("ouder")}`);
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("ouder"));
    expect(view.store.getState().status).toBe("signed-in");
  });

  test("the page in the auth-redirect cookie wins over the account page, and the cookie is cleared", async () => {
    fakeApi(signedIn);
    rememberRedirect("/shop/drijfpak");
    const view = renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn();
    await waitFor(() => expect(view.location()).toBe("/shop/drijfpak"));
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
  });

  test.each([
    ["en", "Email address", "Password", "Log in", "Email address and/or password incorrect"],
    ["nl", "E-mailadres", "Wachtwoord", "Inloggen", "E-mailadres en/of wachtwoord onjuist"],
  ] as const)("%s: invalid_credentials shows the translated message and signs nobody in", async (locale, email, password, submit, message) => {
    fakeApi({ "POST /auth/local": () => failure(400, { code: "invalid_credentials" }) });
    const view = renderWithAuth(<LoginScreen />, { path: "/login", locale });
    type(email, "ouder@example.com");
    type(password, "verkeerd-wachtwoord");
    fireEvent.click(screen.getByRole("button", { name: submit }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(view.location()).toBe("/login");
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("429 asks to wait a moment", async () => {
    fakeApi({ "POST /auth/local": () => failure(429, {}, "RateLimitError") });
    renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn();
    expect(await screen.findByText("Too many attempts. Please wait a moment and try again.")).toBeTruthy();
  });

  test("any other failure shows the general message, not the server's text", async () => {
    fakeApi({ "POST /auth/local": () => failure(500, {}, "InternalServerError") });
    renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn();
    expect(await screen.findByText("Sorry, something went wrong. Please try again in a moment.")).toBeTruthy();
    expect(screen.queryByText(/from the server/)).toBeNull();
  });

  test("a user that cannot be loaded after the login counts as a failed login", async () => {
    fakeApi({ "POST /auth/local": () => ok({ jwt: jwt("ouder"), user: userFixture() }), "GET /users/me": () => failure(401) });
    const view = renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn();
    expect(await screen.findByText("Sorry, something went wrong. Please try again in a moment.")).toBeTruthy();
    expect(view.location()).toBe("/login");
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("an unconfirmed address gets its message and a button to send the confirmation again", async () => {
    const server = fakeApi({
      "POST /auth/local": () => failure(400, { code: "email_not_confirmed" }),
      "POST /auth/send-email-confirmation": () => ok({ email: "ouder@example.com", sent: true }),
    });
    renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn();
    expect(await screen.findByText(/Please confirm your e-mail address first/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send the e-mail again" }));
    expect(await screen.findByText("If ouder@example.com still needs to be confirmed, a new link is on its way.")).toBeTruthy();
    expect(server.callsTo("POST /auth/send-email-confirmation")[0]?.body).toEqual({ email: "ouder@example.com" });
  });

  test("a blocked account is told so", async () => {
    fakeApi({ "POST /auth/local": () => failure(400, { code: "blocked" }) });
    renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn();
    expect(await screen.findByText("This account has been blocked. Please contact us.")).toBeTruthy();
  });

  test("an invalid e-mail address is refused before anything is sent", async () => {
    const server = fakeApi(signedIn);
    renderWithAuth(<LoginScreen />, { path: "/login" });
    logIn("not-an-address");
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(server.callsTo("POST /auth/local")).toEqual([]);
  });

  test("Continue with Google is a plain link to the API; register and forgot-password are linked", () => {
    fakeApi({});
    renderWithAuth(<LoginScreen />, { path: "/login", locale: "de" });
    expect(screen.getByRole("link", { name: "Weiter mit Google" }).getAttribute("href")).toBe("/api/connect/google");
    expect(screen.getByRole("link", { name: "Konto erstellen" }).getAttribute("href")).toBe("/registrieren");
    expect(screen.getByRole("link", { name: "Passwort vergessen?" }).getAttribute("href")).toBe("/passwort-vergessen");
    expect(screen.getByRole("heading", { level: 1, name: "Anmelden" })).toBeTruthy();
  });

  test("without Google sign-in configured there is no Google button and no 'or'", () => {
    fakeApi({});
    renderWithAuth(<LoginScreen />, { path: "/login", googleSignIn: false });
    expect(screen.queryByRole("link", { name: "Continue with Google" })).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
  });
});
