/**
 * The media library's calls (backend/splash/media/routes.py). Uploads go through the same client
 * as every call; `progressFetch` is the fetch it is given for an upload whose progress shows
 * (fetch cannot report an upload's progress, XMLHttpRequest can).
 */
import type { ApiClient } from "../lib/api";

export const MEDIA_LOCALES = ["nl", "en", "de", "es", "fr", "sv"] as const;
export type MediaLocale = (typeof MEDIA_LOCALES)[number];
/** What the library takes, checked again by the server from the file's content. */
export const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp,image/avif";

/** How many images the media picker shows at a time (the library screen: the API's default, 48). */
export const PICKER_PAGE_SIZE = 24;

export type MediaVariant = { format: "avif" | "webp"; width: number; height: number; url: string; bytes: number };
export type MediaItem = {
  id: number;
  fileName: string;
  format: "jpeg" | "png" | "webp" | "avif";
  width: number;
  height: number;
  bytes: number;
  version: number;
  url: string;
  variants: MediaVariant[];
  variantsStatus: "pending" | "ready" | "failed";
  alt: Partial<Record<MediaLocale, string>>;
  uploadedBy: string;
  createdAt: string;
  updatedAt: string;
};
export type MediaUse = { kind: string; id: number; title: string; locale: string | null };
export type MediaPage = { data: MediaItem[]; meta: { page: number; pageSize: number; total: number } };

type Data<T> = { data: T };

export function listMedia(client: ApiClient, search: string, page: number, pageSize = 48): Promise<MediaPage> {
  const query: Record<string, string | number> = { page, pageSize };
  if (search.trim()) query.q = search.trim();
  return client.request<MediaPage>("GET", "/media", { query });
}

export const getMedia = async (client: ApiClient, id: number) => (await client.request<Data<MediaItem>>("GET", `/media/${id}`)).data;

export const mediaUses = async (client: ApiClient, id: number) => (await client.request<Data<MediaUse[]>>("GET", `/media/${id}/uses`)).data;

export const setAltTexts = async (client: ApiClient, id: number, alt: Partial<Record<MediaLocale, string>>) =>
  (await client.request<Data<MediaItem>>("PATCH", `/media/${id}/alt`, { body: { alt } })).data;

function fileForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append("file", file, name);
  return form;
}

export const uploadMedia = async (client: ApiClient, file: Blob, name: string) =>
  (await client.request<Data<MediaItem>>("POST", "/media", { body: fileForm(file, name) })).data;

export const replaceMedia = async (client: ApiClient, id: number, file: Blob, name: string) =>
  (await client.request<Data<MediaItem>>("PUT", `/media/${id}/file`, { body: fileForm(file, name) })).data;

export const deleteMedia = async (client: ApiClient, id: number) => (await client.request<Data<MediaItem>>("DELETE", `/media/${id}`)).data;

/** A fetch over XMLHttpRequest that tells `onProgress` how much of the body has left (0 to 1). */
export function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? "GET", input instanceof Request ? input.url : String(input));
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        onProgress(1);
        const type = xhr.getResponseHeader("content-type") ?? "application/json";
        resolve(new Response(xhr.responseText || null, { status: xhr.status, headers: { "content-type": type } }));
      };
      xhr.onerror = () => reject(new TypeError("Network error"));
      xhr.onabort = () => reject(new DOMException("The upload was stopped", "AbortError"));
      init.signal?.addEventListener("abort", () => xhr.abort());
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
