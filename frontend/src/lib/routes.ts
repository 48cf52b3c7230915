/** The route contract (contracts/routes.json), shared with the backend. Route ids are `name___locale`. */
import table from "../../../contracts/routes.json";
import type { Locale } from "./i18n";

export type RouteKind = "page" | "app" | "server";
export type RouteEntry = { name: string; kind: RouteKind; collection?: string; paths: Record<Locale, string> };

export const routeTable = table as unknown as { locales: Locale[]; defaultLocale: Locale; routes: RouteEntry[] };

export function routeId(name: string, locale: Locale): string {
  return `${name}___${locale}`;
}

/** The path of a named route in a locale, with its parameters filled in. */
export function routePath(name: string, locale: Locale, params: Record<string, string> = {}): string {
  const entry = routeTable.routes.find((route) => route.name === name);
  if (!entry) throw new Error(`Unknown route ${name}`);
  const template = entry.paths[locale];
  if (template.endsWith("*")) return `/${(params.splat ?? "").replace(/^\/+/, "")}`;
  return template.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** Routes the SPA renders (server-only ones such as sitemap.xml are left to the backend). */
export function spaRoutes(): RouteEntry[] {
  return routeTable.routes.filter((route) => route.kind !== "server");
}

/** The shop's landing page: the parent of the product pages (/shop, /tienda, /magasin, /butik). */
export function shopPath(locale: Locale): string {
  const entry = routeTable.routes.find((route) => route.name === "product");
  if (!entry) throw new Error("Unknown route product");
  return entry.paths[locale].replace(/\/:slug$/, "");
}

/**
 * Where a parent who never chose a password (a guest's order made their account) asks for the
 * link that sets one: the forgot-password page, worded for a first password (`?first=1`).
 */
export function setPasswordPath(locale: Locale): string {
  return `${routePath("forgot-password", locale)}?first=1`;
}
