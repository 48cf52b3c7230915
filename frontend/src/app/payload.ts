/**
 * The page payload: what the backend publishes for one route (and inlines into the first HTML).
 * Client-side navigation fetches exactly one /_payload/<path>.json per navigation.
 */
import type { CourseData } from "../features/academy";
import type { NavigationItem, MenuName } from "../features/content/api/render-navigation";
import type { LessonData } from "../features/academy";
import type { ArticleData, PageData } from "../features/content/types";
import type { ProductData } from "../features/shop";
import type { Locale } from "../lib/i18n";

export type SiteSettings = {
  companyName: string;
  cocNumber: string;
  vatNumber: string;
  /** The company's postal address (null until the fixtures are seeded); the invoice prints it too. */
  address: { street: string; housenumber: string; postalCode: string; city: string; country: string } | null;
  socialLinks: Partial<Record<"facebook" | "instagram" | "linkedin" | "x" | "tiktok", string>>;
  origins: Record<Locale, string>;
  gtmId: string | null;
  recaptchaSiteKey: string | null;
  /** Google sign-in is configured: without it the SPA offers no "Continue with Google". */
  googleSignIn: boolean;
  buildPollSeconds: number;
  apiPrefix: string;
};

export type Payload = {
  status: number;
  locale: Locale;
  route: { name: string; kind: string; path: string; params: Record<string, string> };
  page: PageData | null;
  /** Set on blog article routes. */
  article?: ArticleData;
  /** Set on product routes (/shop/{slug}, /tienda/{slug}, /magasin/{slug}, /butik/{slug}). */
  product?: ProductData;
  /** Set on course routes (/academy/{slug} nl and en, /course/{slug} de, es, fr and sv). */
  course?: CourseData;
  /** Set on lesson routes (/academy/{course}/{slug}, /course/{course}/{slug}). */
  lesson?: LessonData;
  navigation: Record<MenuName, NavigationItem[]>;
  settings: SiteSettings;
  alternates: Partial<Record<Locale, string>>;
  head: { title?: string; description?: string | null };
};

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
