import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while hydrating; true once the page's code runs. Markup that
 * depends on the browser (the query string, cookies) waits for it, so hydration never differs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
