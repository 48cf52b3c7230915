import { api, type ApiClient } from "../../../lib/api";

export type MenuName = "primary" | "secondary" | "legal";
export type NavigationItem = { id: number; title: string; path: string; items?: NavigationItem[] };

/** GET navigation/render/{navigation}?locale=&type=: a menu as a FLAT list (default) or a TREE. */
export function renderNavigation(
  menu: MenuName,
  locale: string,
  type: "FLAT" | "TREE" = "FLAT",
  client: ApiClient = api,
): Promise<NavigationItem[]> {
  return client.request<NavigationItem[]>("GET", `/navigation/render/${menu}`, { query: { locale, type } });
}
