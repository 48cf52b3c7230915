/** Helpers for the block tests (imported by *.test.tsx only; never part of the app bundle). */
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { createApiClient, type ApiClient } from "../lib/api";
import { createI18n, type Locale, type Messages } from "../lib/i18n";
import de from "../locales/de.json";
import en from "../locales/en.json";
import es from "../locales/es.json";
import fr from "../locales/fr.json";
import nl from "../locales/nl.json";
import sv from "../locales/sv.json";

export const MESSAGES: Record<Locale, Messages> = { nl, en, de, es, fr, sv };

/** The app's providers around a block: UI texts in `locale` (a missing text throws) and a router. */
export function Providers({ children, locale = "en", path = "/" }: { children: ReactNode; locale?: Locale; path?: string }) {
  return (
    <I18nextProvider i18n={createI18n(locale, MESSAGES[locale])}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
}

export function renderBlock(ui: ReactElement, options: { locale?: Locale; path?: string } = {}): RenderResult {
  return render(<Providers {...options}>{ui}</Providers>);
}

export type FakeApi = { client: ApiClient; urls: string[]; fetch: ReturnType<typeof vi.fn> };

/** An ApiClient on a fake fetch that records each URL and answers with `respond(url)` as JSON. */
export function fakeApi(respond: (url: string) => unknown, status = 200): FakeApi {
  const urls: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    urls.push(String(input));
    return Promise.resolve(
      new Response(JSON.stringify(respond(String(input))), { status, headers: { "content-type": "application/json" } }),
    );
  });
  return { client: createApiClient({ baseURL: "", prefix: "/api", fetch: fetch as unknown as typeof globalThis.fetch }), urls, fetch };
}

/** Forgets the consent cookie. */
export function clearConsentCookie(): void {
  document.cookie = "consent=; Max-Age=0; Path=/";
}

export function setConsentCookie(value: { statistics: boolean; marketing: boolean; embeds: boolean }): void {
  document.cookie = `consent=${encodeURIComponent(JSON.stringify({ ...value, savedAt: "2025-01-01T00:00:00.000Z" }))}; Path=/`;
}
