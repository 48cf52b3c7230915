import { api, type ApiClient } from "../../../lib/api";

export type ContentLocale = { code: string; name: string; isDefault: boolean };

/** GET /i18n/locales: the shop's locales, the default one flagged. */
export function getLocales(client: ApiClient = api): Promise<ContentLocale[]> {
  return client.request<ContentLocale[]>("GET", "/i18n/locales");
}
