/**
 * The studio's fake API for component tests: a client answering each request by a function of
 * the call (an Error it answers is thrown, as the real client throws an ApiError), recording
 * every call; the session around it; members of each role and `/content/collections` as the
 * API answers them. Shared by the editing, block and picker tests.
 */
import { createElement, type ReactNode } from "react";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { vi } from "vitest";
import type { ApiClient } from "../../lib/api";
import type { Method, RequestOptions } from "../../lib/api/client";
import { createI18n } from "../../lib/i18n";
import shopEnglish from "../../locales/en.json";
import type { Me } from "../api";
import english from "../locales/en.json";
import type { MediaItem } from "../media-api";
import { SessionContext, type Session } from "../session";
import { COLLECTIONS, OWNER_COLLECTIONS, SHARED_COLLECTIONS } from "./editing-api";

export type Call = { method: Method; path: string; options?: RequestOptions };

export function fakeClient(answer: (call: Call) => unknown = () => null) {
  const calls: Call[] = [];
  const request = vi.fn(async (method: Method, path: string, options?: RequestOptions) => {
    const call = { method, path, options };
    calls.push(call);
    const found = await answer(call);
    if (found instanceof Error) throw found;
    return found;
  });
  const unused = () => Promise.reject(new Error("not used"));
  const client = { request, find: unused, findOne: unused, create: unused, update: unused, delete: unused } as unknown as ApiClient;
  return { client, calls, request, saves: () => calls.filter((call) => call.method === "PUT") };
}

export const sessionOf = (client: ApiClient, me: Me | null = null): Session => ({ client, me, setMe: () => undefined, leave: async () => undefined, signedOut: false });

export const member = (role: "owner" | "editor", permissions: string[]): Me => ({
  staff: { id: 1, email: `${role}@splash.example`, name: role, role, locale: "en", setUp: true, createdAt: "2026-11-01T00:00:00Z" },
  permissions,
  sessionExpiresAt: "2026-11-29T20:00:00Z",
});
export const EDITOR = member("editor", ["dashboard", "content"]);
export const OWNER = member("owner", ["dashboard", "content", "settings"]);

/** `GET /content/collections` as the API answers `me` (the owner alone holds `settings`). */
export const rightsOf = (me: Me) =>
  COLLECTIONS.map((name) => {
    const permission = OWNER_COLLECTIONS.includes(name) ? "settings" : "content";
    return { name, localized: !SHARED_COLLECTIONS.includes(name), permission, editable: me.permissions.includes(permission) };
  });

/** `ui` in the studio's English texts, signed in as `me` on `client`. */
export function inStudio(ui: ReactNode, client: ApiClient, me: Me | null = null): ReactNode {
  const texts = createI18n("en", { ...shopEnglish, studio: english });
  return createElement(I18nextProvider, { i18n: texts }, createElement(SessionContext.Provider, { value: sessionOf(client, me) }, ui));
}

export const renderInStudio = (ui: ReactNode, client: ApiClient, me: Me | null = null) => render(inStudio(ui, client, me));

/** A library image as the API answers it: ready WebP and AVIF variants, alt text in Dutch and English. */
export function mediaItem(id: number, changes: Partial<MediaItem> = {}): MediaItem {
  const base = `/media/library/${id}/1-0a1b2c3d`;
  return {
    id,
    fileName: `foto-${id}.jpg`,
    format: "jpeg",
    width: 1000,
    height: 700,
    bytes: 245_000,
    version: 1,
    url: `${base}/original.jpg`,
    variants: [
      { format: "webp", width: 640, height: 448, url: `${base}/640.webp`, bytes: 30_000 },
      { format: "avif", width: 320, height: 224, url: `${base}/320.avif`, bytes: 9_000 },
      { format: "webp", width: 320, height: 224, url: `${base}/320.webp`, bytes: 12_000 },
    ],
    variantsStatus: "ready",
    alt: { nl: "Kind in zwempak", en: "Child in a float suit" },
    uploadedBy: "editor@splash.example",
    createdAt: "2026-11-29T10:00:00Z",
    updatedAt: "2026-11-29T10:00:00Z",
    ...changes,
  };
}
