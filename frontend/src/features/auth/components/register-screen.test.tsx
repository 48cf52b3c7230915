import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { rememberRedirect, REDIRECT_COOKIE, TOKEN_COOKIE } from "../../../lib/auth";
import { failure, fakeApi, jwt, ok, renderWithAuth, resetAuthTestState, userFixture } from "../../../testing/auth";
import { readCookie } from "../../../lib/cookies";
import { RegisterScreen } from "./register-screen";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillIn({ email = "nieuw@example.com", password = "Zwemmen-2026", repeat = "" }: { email?: string; password?: string; repeat?: string } = {}) {
  type("Email address", email);
  type("Password", password);
  type("Repeat password", repeat || password);
  fireEvent.click(screen.getByRole("button", { name: "Create my account" }));
}

const newUser = userFixture({ email: "nieuw@example.com", username: "nieuw@example.com", confirmed: false, firstname: null, lastname: null });
const registered = {
  "POST /auth/local/register": () => ok({ jwt: jwt("nieuw"), user: newUser }),
  "GET /users/me": () => ok(newUser),
};

afterEach(() => resetAuthTestState());

describe("RegisterScreen", () => {
  test("registers with the e-mail address as username, signs in and asks to confirm the address", async () => {
    // given
    const server = fakeApi(registered);
    const view = renderWithAuth(<RegisterScreen />, { path: "/register" });
    // when
    fillIn();
    // then
    const title = await screen.findByRole("heading", { level: 1, name: "Welcome to Splash!" });
    expect(server.callsTo("POST /auth/local/register")[0]?.body).toEqual({
      username: "nieuw@example.com",
      email: "nieuw@example.com",
      password: "Zwemmen-2026",
    });
    expect(screen.getByRole("status").textContent).toBe(
      "We sent a confirmation e-mail to nieuw@example.com. Click the link in it to confirm your address.",
    );
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("nieuw"));
    expect(view.store.getState()).toMatchObject({ status: "signed-in", user: { email: "nieuw@example.com" } });
    expect(screen.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/my-splash");
  });

  test("Continue goes to the page in the auth-redirect cookie, which is then cleared", async () => {
    fakeApi(registered);
    rememberRedirect("/academy/leren-drijven");
    const view = renderWithAuth(<RegisterScreen />, { path: "/register" });
    fillIn();
    const next = await screen.findByRole("link", { name: "Continue" });
    expect(next.getAttribute("href")).toBe("/academy/leren-drijven");
    expect(readCookie(REDIRECT_COOKIE)).toBeNull();
    fireEvent.click(next);
    expect(view.location()).toBe("/academy/leren-drijven");
  });

  test("a confirmation that does not match is refused before anything is sent", async () => {
    const server = fakeApi(registered);
    renderWithAuth(<RegisterScreen />, { path: "/register" });
    fillIn({ repeat: "Zwemmen-2027" });
    expect(await screen.findByText("Repeat password does not match.")).toBeTruthy();
    expect(server.calls.filter((call) => call.path.startsWith("/auth"))).toEqual([]);
  });

  test("a password shorter than 8 characters is refused", async () => {
    fakeApi(registered);
    renderWithAuth(<RegisterScreen />, { path: "/register" });
    fillIn({ password: "kort" });
    expect(await screen.findByText("Password must be between 8 and 128 characters long.")).toBeTruthy();
  });

  test("email_taken shows under the e-mail field, with links to log in and to reset the password", async () => {
    fakeApi({ "POST /auth/local/register": () => failure(400, { code: "email_taken", errors: [{ path: ["email"], message: "Email is already taken", name: "ValidationError" }] }) });
    const view = renderWithAuth(<RegisterScreen />, { path: "/register", locale: "nl" });
    type("E-mailadres", "ouder@example.com");
    type("Wachtwoord", "Zwemmen-2026");
    type("Herhaal wachtwoord", "Zwemmen-2026");
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));
    const message = await screen.findByText("Er bestaat al een account met dit e-mailadres.");
    expect(message.id).toBe("register-email-error");
    expect(screen.getByLabelText("E-mailadres").getAttribute("aria-invalid")).toBe("true");
    const links = within(screen.getByTestId("email-taken")).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Inloggen met dit adres", "/inloggen"],
      ["Wachtwoord vergeten?", "/wachtwoord-vergeten"],
    ]);
    expect(view.store.getState().status).toBe("signed-out");
  });

  test("field errors the API names land at their field", async () => {
    fakeApi({ "POST /auth/local/register": () => failure(400, { errors: [{ path: ["password"], message: "Password is too common", name: "ValidationError" }] }) });
    renderWithAuth(<RegisterScreen />, { path: "/register" });
    fillIn();
    expect((await screen.findByText("Password is too common")).id).toBe("register-password-error");
  });

  test("offers Google and a way to log in instead", () => {
    fakeApi({});
    renderWithAuth(<RegisterScreen />, { path: "/register", locale: "sv" });
    expect(screen.getByRole("link", { name: "Fortsätt med Google" }).getAttribute("href")).toBe("/api/connect/google");
    expect(screen.getByRole("link", { name: "Logga in" }).getAttribute("href")).toBe("/logga-in");
  });
});
