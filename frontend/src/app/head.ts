import type { TFunction } from "i18next";
import { NOT_FOUND, type Payload } from "./payload";

const SITE = "Splash";

/**
 * The document title of a payload: the page's SEO title, else a translated screen title.
 * The backend is the source of the page's title (`page_title` in backend/splash/site/web/head.py
 * decides it for served HTML); this twin exists because screen titles are translated with the
 * SPA's own language files, which only the browser and the server render have.
 */
export function pageTitle(payload: Payload, t: TFunction): string {
  if (payload.head.title) return payload.head.title;
  if (payload.status === 404 || payload.route.name === NOT_FOUND) return `${t("general.404.title")} | ${SITE}`;
  return `${t(`routes.${payload.route.name}`)} | ${SITE}`;
}

export function pageDescription(payload: Payload, t: TFunction): string {
  return payload.head.description ?? t("general.description");
}
