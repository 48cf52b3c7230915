/** Leaving an entry with changes not yet saved asks first, inside the studio's router. */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import type { ApiClient } from "../../lib/api";
import { createI18n } from "../../lib/i18n";
import shopEnglish from "../../locales/en.json";
import english from "../locales/en.json";
import { SessionContext } from "../session";
import type { Entry } from "./editing-api";
import { EntryForm } from "./entry-form";
import { StudioRouterContext } from "./leave-guard";

const ENTRY: Entry = {
  collection: "banner",
  key: "site",
  locale: "nl",
  document: { text: "Gratis verzending" },
  revision: 2,
  savedBy: "Sanne",
  savedAt: "2026-11-29T09:00:00Z",
  live: { text: "Gratis verzending" },
  publishedRevision: 2,
  publishAt: null,
  scheduleRefused: null,
  missing: [],
};

test("a navigation away from unsaved changes waits for the editor's answer: stay, or leave", async () => {
  const unused = () => Promise.reject(new Error("not used"));
  const request = vi.fn(async () => ({ data: { revision: 3, savedBy: "Owner", savedAt: "2026-11-29T10:00:00Z", publishAt: null } }));
  const client = { request, find: unused, findOne: unused, create: unused, update: unused, delete: unused } as unknown as ApiClient;
  const router = createMemoryRouter(
    [
      { path: "/studio/content/banner/site", element: <EntryForm collection="banner" entryKey="site" locale="nl" entry={ENTRY} reference={null} pages={[]} onReload={() => undefined} /> },
      { path: "/studio/content", element: <p>The list</p> },
    ],
    { initialEntries: ["/studio/content/banner/site"] },
  );
  const session = { client, me: null, setMe: () => undefined, leave: async () => undefined, signedOut: false };
  render(
    <I18nextProvider i18n={createI18n("en", { ...shopEnglish, studio: english })}>
      <SessionContext.Provider value={session}>
        <StudioRouterContext.Provider value={router}>
          <RouterProvider router={router} />
        </StudioRouterContext.Provider>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  await act(async () => {
    fireEvent.change(screen.getByLabelText(/^Banner text/), { target: { value: "Gratis verzending vanaf 1 pak" } });
  });
  await act(async () => {
    await router.navigate("/studio/content");
  });
  expect(screen.getByRole("alertdialog", { name: "Leave with changes not saved?" })).toBeTruthy();
  expect(router.state.location.pathname).toBe("/studio/content/banner/site");

  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Stay here" }));
  });
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect((screen.getByLabelText(/^Banner text/) as HTMLTextAreaElement).value).toBe("Gratis verzending vanaf 1 pak");

  await act(async () => {
    await router.navigate("/studio/content");
  });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save and leave" }));
  });
  expect(request).toHaveBeenCalledWith("PUT", "/content/banner/site", expect.objectContaining({ body: { revision: 2, document: { text: "Gratis verzending vanaf 1 pak" } } }));
  expect(screen.getByText("The list")).toBeTruthy();
});
