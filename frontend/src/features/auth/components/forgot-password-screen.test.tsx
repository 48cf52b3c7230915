import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { failure, fakeApi, ok, renderWithAuth, resetAuthTestState } from "../../../testing/auth";
import { ForgotPasswordScreen } from "./forgot-password-screen";

afterEach(() => resetAuthTestState());

function ask(email: string, { label = "Email address", button = "Send me a link" } = {}) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: button }));
}

describe("ForgotPasswordScreen", () => {
  test("always answers that a link is on its way if the account exists", async () => {
    // given
    const server = fakeApi({ "POST /auth/forgot-password": () => ok({ ok: true }) });
    renderWithAuth(<ForgotPasswordScreen />, { path: "/forgot-password" });
    // when
    ask("wie@example.com");
    // then
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("If an account exists for wie@example.com, a link is on its way. Have a look in your inbox.");
    expect(server.callsTo("POST /auth/forgot-password")[0]?.body).toEqual({ email: "wie@example.com" });
  });

  test("in French", async () => {
    fakeApi({ "POST /auth/forgot-password": () => ok({ ok: true }) });
    renderWithAuth(<ForgotPasswordScreen />, { path: "/mot-de-passe-oublie", locale: "fr" });
    ask("parent@example.com", { label: "Adresse e-mail", button: "M’envoyer un lien" });
    expect((await screen.findByRole("status")).textContent).toBe(
      "Si un compte existe pour parent@example.com, un lien est en route. Consultez votre boîte de réception.",
    );
  });

  test("from a 'set your password' link (first=1): worded for a guest who never chose one", async () => {
    const server = fakeApi({ "POST /auth/forgot-password": () => ok({ ok: true }) });
    renderWithAuth(<ForgotPasswordScreen />, { path: "/forgot-password?first=1" });
    expect(screen.getByRole("heading", { level: 1, name: "Set your password" })).toBeTruthy();
    expect(screen.getByText(/because you ordered as a guest/)).toBeTruthy();
    ask("gast@example.com");
    await screen.findByRole("status");
    expect(server.callsTo("POST /auth/forgot-password")[0]?.body).toEqual({ email: "gast@example.com" });
  });

  test("too many requests: wait a moment", async () => {
    fakeApi({ "POST /auth/forgot-password": () => failure(429, {}, "RateLimitError") });
    renderWithAuth(<ForgotPasswordScreen />, { path: "/forgot-password" });
    ask("wie@example.com");
    expect(await screen.findByText("Too many attempts. Please wait a moment and try again.")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("links back to the login", () => {
    fakeApi({});
    renderWithAuth(<ForgotPasswordScreen />, { path: "/forgot-password" });
    expect(screen.getByRole("link", { name: "Back to log in" }).getAttribute("href")).toBe("/login");
  });
});
