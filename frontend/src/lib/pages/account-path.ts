/**
 * Where a parent's account page lives in each language. Editors own its slug ('mijn-splash' in
 * Dutch); until the slugify call answered, the route table's account path stands in.
 */
import type { ApiClient } from "../api";
import type { Locale } from "../i18n";
import { routePath } from "../routes";
import { pagePaths } from "./page-paths";

const account = pagePaths("mijn-splash", (locale) => routePath("account", locale));

export function resolveAccountPaths(client?: ApiClient): Promise<void> {
  return account.resolve(client);
}

export function forgetAccountPaths(): void {
  account.forget();
}

export function useAccountPath(locale: Locale): string {
  return account.usePath(locale);
}
