/**
 * For the editing screens' tests: a staff member of a role, `GET /content/collections` as the
 * API answers that role, and the content and entry screens rendered at an address over a
 * client whose `request` the test answers (each call kept, to check what was sent).
 */
import { act, render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { vi } from "vitest";
import type { ApiClient } from "../../lib/api";
import type { Method, RequestOptions } from "../../lib/api/client";
import { createI18n } from "../../lib/i18n";
import shopEnglish from "../../locales/en.json";
import type { Me } from "../api";
import english from "../locales/en.json";
import { SessionContext } from "../session";
import { ContentScreen } from "./content-screen";
import { COLLECTIONS, OWNER_COLLECTIONS, SHARED_COLLECTIONS } from "./editing-api";
import { EntryScreen } from "./entry-screen";

export type Call = { method: Method; path: string; options?: RequestOptions };
type Answer = (method: Method, path: string, options?: RequestOptions) => Promise<unknown>;

export const member = (role: "owner" | "editor", permissions: string[]): Me => ({
  staff: { id: 1, email: `${role}@splash.example`, name: role, role, locale: "en", setUp: true, createdAt: "2026-11-01T00:00:00Z" },
  permissions,
  sessionExpiresAt: "2026-11-29T20:00:00Z",
});
export const EDITOR = member("editor", ["dashboard", "content"]);
export const OWNER = member("owner", ["dashboard", "content", "settings"]);

/** The collections as `GET /content/collections` answers the role (the owner alone holds `settings`). */
export const rightsOf = (me: Me) => ({
  data: COLLECTIONS.map((name) => {
    const permission = OWNER_COLLECTIONS.includes(name) ? "settings" : "content";
    return { name, localized: !SHARED_COLLECTIONS.includes(name), permission, editable: me.permissions.includes(permission) };
  }),
});

/** The screens at `at`, each request answered by `answer` after the rights; the calls made. */
export async function showStudio(me: Me, at: string, answer: Answer): Promise<Call[]> {
  const calls: Call[] = [];
  const request = vi.fn(async (method: Method, path: string, options?: RequestOptions) => {
    calls.push({ method, path, options });
    return path === "/content/collections" ? rightsOf(me) : answer(method, path, options);
  });
  const unused = () => Promise.reject(new Error("not used"));
  const client = { request, find: unused, findOne: unused, create: unused, update: unused, delete: unused } as unknown as ApiClient;
  const session = { client, me, setMe: () => undefined, leave: async () => undefined, signedOut: false };
  await act(async () => {
    render(
      <I18nextProvider i18n={createI18n("en", { ...shopEnglish, studio: english })}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[at]}>
            <Routes>
              <Route path="/studio/content" element={<ContentScreen />} />
              <Route path="/studio/content/:collection" element={<ContentScreen />} />
              <Route path="/studio/content/:collection/:key" element={<EntryScreen />} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </I18nextProvider>,
    );
  });
  return calls;
}
