import { fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { createAuthStore, AuthProvider } from "../../../lib/auth";
import { api } from "../../../lib/api";
import { fakeApi, ok, renderWithAuth, resetAuthTestState } from "../../../testing/auth";
import { createI18n } from "../../../lib/i18n";
import en from "../../../locales/en.json";
import { EmailConfirmedScreen } from "./email-confirmed-screen";

afterEach(() => resetAuthTestState());

describe("EmailConfirmedScreen", () => {
  test("confirms the address and leads to the account page", () => {
    fakeApi({});
    renderWithAuth(<EmailConfirmedScreen />, { path: "/email-confirmed" });
    expect(screen.getByRole("heading", { level: 1, name: "E-mail address confirmed" })).toBeTruthy();
    expect(screen.getByText("Thank you! Your e-mail address is confirmed. Have fun with Splash!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to My Splash" }).getAttribute("href")).toBe("/my-splash");
  });

  test("status=changed: the new address is in use, every session ended, log in with it", () => {
    fakeApi({});
    renderWithAuth(<EmailConfirmedScreen />, { path: "/email-confirmed?status=changed" });
    expect(screen.getByRole("heading", { level: 1, name: "Your e-mail address has been changed" })).toBeTruthy();
    expect(screen.getByText(/From now on you log in with your new e-mail address/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log in with your new address" }).getAttribute("href")).toBe("/my-splash");
  });

  test("status=taken: another account took the address meanwhile, nothing changed", () => {
    fakeApi({});
    renderWithAuth(<EmailConfirmedScreen />, { path: "/email-confirmed?status=taken" });
    expect(screen.getByRole("heading", { level: 1, name: "This e-mail address is already in use" })).toBeTruthy();
    expect(screen.getByText(/your e-mail address has not been changed/)).toBeTruthy();
  });

  test("status=invalid: the link is invalid or expired, and a new confirmation e-mail can be sent", async () => {
    // given
    const server = fakeApi({ "POST /auth/send-email-confirmation": () => ok({ email: "ouder@example.com", sent: true }) });
    renderWithAuth(<EmailConfirmedScreen />, { path: "/email-confirmed?status=invalid" });
    expect(screen.getByRole("heading", { level: 1, name: "This link is invalid or expired" })).toBeTruthy();
    // when
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "ouder@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the e-mail again" }));
    // then
    expect((await screen.findByRole("status")).textContent).toBe("If ouder@example.com still needs to be confirmed, a new link is on its way.");
    expect(server.callsTo("POST /auth/send-email-confirmation")[0]?.body).toEqual({ email: "ouder@example.com" });
  });

  test("the published HTML shows neither outcome (it knows no query string), so hydration cannot differ", () => {
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en", en)}>
        <AuthProvider store={createAuthStore(api)}>
          <MemoryRouter initialEntries={["/email-confirmed?status=invalid"]}>
            <EmailConfirmedScreen />
          </MemoryRouter>
        </AuthProvider>
      </I18nextProvider>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain("invalid or expired");
    expect(html).not.toContain("Thank you!");
  });
});
