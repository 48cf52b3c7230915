/**
 * Publishing renders the lesson page with react-dom/static; the browser then hydrates that HTML.
 * Server-rendering tests run in their own module graph (the "ssr" test project, see vitest.config.ts).
 */
import { waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../../../lib/api";
import { AuthProvider, createAuthStore } from "../../../../lib/auth";
import { fakeApi, ok } from "../../../../testing/auth";
import { CartProvider, createCartStore } from "../../../../lib/cart";
import { resetCartTestState } from "../../../../testing/cart";
import { createI18n } from "../../../../lib/i18n";
import en from "../../../../locales/en.json";
import { hydrate, prerender } from "../../../../testing/ssr";
import { accessFixture, lessonFixture } from "../../../../testing/lesson";
import type { LessonData } from "../types";
import { LessonPage } from "./lesson-page";

afterEach(() => {
  resetCartTestState();
  vi.restoreAllMocks();
});

function Page({ lesson }: { lesson: LessonData }) {
  return (
    <I18nextProvider i18n={createI18n("en", en)}>
      <AuthProvider store={createAuthStore(api)}>
        <CartProvider store={createCartStore()}>
          <MemoryRouter initialEntries={[lesson.path]}>
            <LessonPage lesson={lesson} />
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>
    </I18nextProvider>
  );
}

describe("server rendering and hydration", () => {
  test("the published HTML has the page and the poster, no player; the browser hydrates it without a mismatch, then asks for access", async () => {
    const lesson = lessonFixture();
    const server = fakeApi({ "GET /lessons/5/access": () => ok({ data: accessFixture({ access: "locked", keyToken: null, expiresAt: null }) }) });
    const html = await prerender(<Page lesson={lesson} />);
    expect(html).toContain("Floating on your back");
    expect(html).toContain(`src="${lesson.poster.src}"`);
    expect(html).not.toContain("<video");
    expect(html).not.toContain("media-controller");
    expect(server.calls).toHaveLength(0);

    const page = await hydrate(html, <Page lesson={lesson} />);
    try {
      await waitFor(() => expect(page.container.textContent).toContain("Locked"));
      expect(server.callsTo("GET /lessons/5/access")).toHaveLength(1);
      expect(page.recoverable).not.toHaveBeenCalled();
      expect(page.errors()).toEqual([]);
    } finally {
      page.end();
    }
  });
});
