/**
 * The page payload: what the backend publishes for one route (and inlines into the first HTML).
 * Client-side navigation fetches exactly one /_payload/<path>.json per navigation.
 */
import type { PageData } from "../features/content/types";
import type { Payload as PublishedPayload } from "../lib/payload-types";

export type { SiteSettings } from "../lib/payload-types";

/**
 * The generated payload (src/lib/payload-types.ts, from the backend's models) with the page's blocks
 * as the content feature types them.
 */
export type Payload = Omit<PublishedPayload, "page"> & { page: PageData | null };

export const NOT_FOUND = "not-found";

export function payloadUrl(pathname: string): string {
  const clean = pathname.replace(/\/+$/, "");
  return `/_payload/${clean === "" ? "index" : clean.slice(1)}.json`;
}

export function readInlinePayload(doc: Document): Payload {
  const element = doc.getElementById("splash-payload");
  if (!element?.textContent) throw new Error("The page has no inline payload");
  return JSON.parse(element.textContent) as Payload;
}

/** One request per navigation; a 404 still carries a payload (menus + settings) to render with. */
export async function fetchPayload(pathname: string, signal?: AbortSignal): Promise<Payload> {
  const response = await fetch(payloadUrl(pathname), { signal, headers: { accept: "application/json" } });
  if (!response.ok && response.status !== 404) throw new Error(`Payload ${pathname}: HTTP ${response.status}`);
  return (await response.json()) as Payload;
}
