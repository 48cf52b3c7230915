import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { TOKEN_COOKIE } from "../../../lib/auth";
import { failure, fakeApi, jwt, ok, renderWithAuth, resetAuthTestState, userFixture } from "../../../testing/auth";
import { readCookie } from "../../../lib/cookies";
import { ResetScreen } from "./reset-screen";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function choose(password = "Nieuw-wachtwoord-1", repeat = password) {
  type("Password", password);
  type("Repeat password", repeat);
  fireEvent.click(screen.getByRole("button", { name: "Save my new password" }));
}

afterEach(() => resetAuthTestState());

describe("ResetScreen", () => {
  test("sends the code from the link with the new password, signs in and opens the account page", async () => {
    // given
    const server = fakeApi({
      "POST /auth/reset-password": () => ok({ jwt: jwt("reset"), user: userFixture() }),
      "GET /users/me": () => ok(userFixture()),
    });
    const view = renderWithAuth(<ResetScreen />, { path: "/reset?code=abc123" });
    // when
    choose();
    // then
    await waitFor(() => expect(view.location()).toBe("/my-splash"));
    expect(server.callsTo("POST /auth/reset-password")[0]?.body).toEqual({
      code: "abc123",
      password: "Nieuw-wachtwoord-1",
      passwordConfirmation: "Nieuw-wachtwoord-1",
    });
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("reset"));
    expect(view.store.getState().status).toBe("signed-in");
  });

  test("an expired or used code: the translated message and a link to ask a new one", async () => {
    fakeApi({ "POST /auth/reset-password": () => failure(400, { code: "invalid_code", errors: [{ path: ["code"], message: "Invalid code", name: "ValidationError" }] }) });
    const view = renderWithAuth(<ResetScreen />, { path: "/reset?code=used" });
    choose();
    expect(await screen.findByText("This link is invalid or expired. Request a new one to choose your password.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(view.location()).toBe("/reset?code=used");
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("passwords_mismatch from the API lands at the confirmation", async () => {
    fakeApi({ "POST /auth/reset-password": () => failure(400, { code: "passwords_mismatch" }) });
    renderWithAuth(<ResetScreen />, { path: "/reset?code=abc" });
    choose();
    expect((await screen.findByText("The passwords do not match.")).id).toBe("reset-passwordConfirmation-error");
  });

  test("a link without a code explains it and offers a new link, in Spanish", () => {
    fakeApi({});
    renderWithAuth(<ResetScreen />, { path: "/reset", locale: "es" });
    expect(screen.getByRole("heading", { level: 1, name: "Este enlace no funciona" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Solicitar un enlace nuevo" }).getAttribute("href")).toBe("/olvide-mi-contrasena");
    expect(screen.queryByRole("button")).toBeNull();
  });

  test("the first password (the order mail's link, first=1) says choose a password, not a new one", async () => {
    fakeApi({
      "POST /auth/reset-password": () => ok({ jwt: jwt("first"), user: userFixture() }),
      "GET /users/me": () => ok(userFixture()),
    });
    const view = renderWithAuth(<ResetScreen />, { path: "/reset?code=abc123&first=1" });
    expect(screen.getByRole("heading", { level: 1, name: "Choose a password" })).toBeTruthy();
    expect(screen.queryByText(/new password/i)).toBeNull();
    type("Password", "Eerste-wachtwoord-1");
    type("Repeat password", "Eerste-wachtwoord-1");
    fireEvent.click(screen.getByRole("button", { name: "Save my password" }));
    await waitFor(() => expect(view.location()).toBe("/my-splash"));
  });

  test("the first password in Dutch: kies een wachtwoord", () => {
    fakeApi({});
    renderWithAuth(<ResetScreen />, { path: "/reset?code=abc123&first=1", locale: "nl" });
    expect(screen.getByRole("heading", { level: 1, name: "Kies een wachtwoord" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Wachtwoord opslaan" })).toBeTruthy();
    expect(screen.queryByText(/nieuw/i)).toBeNull();
  });

  test("a real reset keeps the new-password wording", () => {
    fakeApi({});
    renderWithAuth(<ResetScreen />, { path: "/reset?code=abc123" });
    expect(screen.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save my new password" })).toBeTruthy();
  });
});
