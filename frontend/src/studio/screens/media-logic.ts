/** The media library screen's rules, without React (tested in src/studio/media.test.tsx). */
import { ApiError, type ApiClient } from "../../lib/api";
import { MEDIA_LOCALES, type MediaItem, type MediaLocale, type MediaUse } from "../media-api";

/** The client an upload goes through, reporting its progress (0 to 1). */
export type UploadClient = (onProgress: (fraction: number) => void) => ApiClient;

/** The smallest WebP variant for the grid (a thumbnail), else the file itself while variants are made. */
export function thumbnailOf(item: MediaItem): string {
  const webp = item.variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width);
  return webp[0]?.url ?? item.url;
}

/** The shop's languages this image has no alt text in yet (publishing a page showing it there is refused). */
export const missingAlt = (item: MediaItem): MediaLocale[] => MEDIA_LOCALES.filter((locale) => !item.alt[locale]?.trim());

/** An upload's refusal in words: the server's message when it names the file, else a general one. */
export function uploadProblem(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 413, 415].includes(error.status)) return error.message;
  return fallback;
}

/** `2.4 MB`, `512 kB`: the file's size as people read it. */
export function sizeOf(bytes: number, locale: string): string {
  const format = (value: number, unit: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1_000_000) return format(bytes / 1_000_000, "MB");
  if (bytes >= 1000) return format(bytes / 1000, "kB");
  return format(bytes, "B");
}

/** The uses a refused removal names (409 with details.uses), or null for another failure. */
export function refusedUses(error: unknown): MediaUse[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const uses = (error.details as { uses?: unknown }).uses;
  return Array.isArray(uses) ? (uses as MediaUse[]) : [];
}

/** Only the languages whose text changed, so a save never overwrites what was not touched. */
export function altChanges(item: MediaItem, texts: Record<MediaLocale, string>): Partial<Record<MediaLocale, string>> {
  const changed: Partial<Record<MediaLocale, string>> = {};
  for (const locale of MEDIA_LOCALES) if (texts[locale].trim() !== (item.alt[locale] ?? "")) changed[locale] = texts[locale].trim();
  return changed;
}
