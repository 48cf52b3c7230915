/**
 * Helpers for the tests of the account screens, the profile and the header (imported by *.test.tsx
 * only; never part of the app bundle): a user factory, a fake API on a stubbed fetch, and a render
 * with the app's providers.
 */
import { render, screen, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { api } from "../lib/api";
import { clearCookie } from "../lib/cookies";
import { createI18n, type Locale, type Messages } from "../lib/i18n";
import { forgetAccountPaths } from "../lib/pages/account-path";
import { forgetLegalPaths } from "../lib/pages/legal-paths";
import de from "../locales/de.json";
import en from "../locales/en.json";
import es from "../locales/es.json";
import fr from "../locales/fr.json";
import nl from "../locales/nl.json";
import sv from "../locales/sv.json";
import { AuthProvider } from "../lib/auth/provider";
import { REDIRECT_COOKIE } from "../lib/auth/redirect";
import { createAuthStore, TOKEN_COOKIE, type AuthStore } from "../lib/auth/store";
import type { User, UserAddress } from "../lib/auth/types";

const MESSAGES: Record<Locale, Messages> = { nl, en, de, es, fr, sv };

/** A JWT-shaped token (three base64url parts). */
export function jwt(name: string): string {
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: name })).replace(/=+$/, "")}.signature-${name}`;
}

export function addressFixture(overrides: Partial<UserAddress> = {}): UserAddress {
  return {
    id: 3,
    street: "Kerkstraat",
    housenumber: "12",
    addition: "B",
    additionalInfo: null,
    postalCode: "1017 GC",
    city: "Amsterdam",
    country: "nl",
    ...overrides,
  };
}

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: "ouder@example.com",
    email: "ouder@example.com",
    provider: "local",
    confirmed: true,
    blocked: false,
    firstname: "Sanne",
    lastname: "de Vries",
    createdAt: "2026-11-21T10:00:00+00:00",
    updatedAt: "2026-11-21T10:00:00+00:00",
    addresses: [],
    ...overrides,
  };
}

/** One request the fake API received. */
export type ApiCall = { method: string; path: string; query: URLSearchParams; headers: Record<string, string>; body: unknown };
export type Reply = { status: number; body: unknown };
type Responder = (call: ApiCall) => Reply | Promise<Reply>;

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** The API's error envelope, with `details.code` when given. */
export function failure(status: number, details: Record<string, unknown> = {}, name = status === 401 ? "UnauthorizedError" : "ValidationError"): Reply {
  return { status, body: { data: null, error: { status, name, message: `${name} from the server`, details } } };
}

/**
 * Stubs fetch with the API's answers by "METHOD /path" (without the /api prefix and query); any
 * other request is a 404. Records every call, its JSON body parsed (a FormData body as is).
 */
export function fakeApi(routes: Record<string, Responder>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://splash.test");
    const path = url.pathname.replace(/^\/api/, "");
    const raw = init.body;
    const body = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
    const call: ApiCall = { method: init.method ?? "GET", path, query: url.searchParams, headers: (init.headers ?? {}) as Record<string, string>, body };
    calls.push(call);
    const respond = routes[`${call.method} ${path}`];
    const reply = respond ? await respond(call) : failure(404, {}, "NotFoundError");
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return {
    calls,
    /** The calls to one "METHOD /path". */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

function CurrentLocation() {
  const location = useLocation();
  return <span hidden data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

type Options = { path?: string; locale?: Locale; store?: AuthStore; googleSignIn?: boolean };

/** Renders with UI texts in `locale` (a missing text throws), an auth store on the one API client and a router. */
export function renderWithAuth(ui: ReactElement, { path = "/", locale = "en", store = createAuthStore(api), googleSignIn = true }: Options = {}): RenderResult & {
  store: AuthStore;
  location: () => string | null;
} {
  const view = render(
    <I18nextProvider i18n={createI18n(locale, MESSAGES[locale])}>
      <AuthProvider store={store} googleSignIn={googleSignIn}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <CurrentLocation />
        </MemoryRouter>
      </AuthProvider>
    </I18nextProvider>,
  );
  return { ...view, store, location: () => screen.getByTestId("location").textContent };
}

/** A store signed in as `user` (GET /users/me answered by the fake API's route). */
export async function signedInStore(token = jwt("ouder")): Promise<AuthStore> {
  const store = createAuthStore(api);
  await store.signIn(token);
  return store;
}

/** Forgets cookies, resolved paths and stubs: every test starts as a new visitor. */
export function resetAuthTestState(): void {
  clearCookie(TOKEN_COOKIE);
  clearCookie(REDIRECT_COOKIE);
  forgetAccountPaths();
  forgetLegalPaths();
  vi.unstubAllGlobals();
}
