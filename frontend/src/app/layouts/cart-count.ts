import { useSyncExternalStore } from "react";

/**
 * The number of items in the 'cart' cookie. A malformed cookie counts as an empty cart.
 */
export function cartCountFromCookie(cookie: string): number {
  const raw = cookie.split("; ").find((part) => part.startsWith("cart="))?.slice(5);
  if (!raw) return 0;
  try {
    const lines: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(lines)) return 0;
    return lines.reduce<number>((sum, line: unknown) => {
      const quantity = (line as { quantity?: unknown } | null)?.quantity;
      return sum + (typeof quantity === "number" && Number.isInteger(quantity) && quantity > 0 ? quantity : 0);
    }, 0);
  } catch {
    return 0;
  }
}

const noSubscription = () => () => undefined;

/** The count from the cookie in the browser, 0 on the server (and while hydrating). */
export function useCartCount(): number {
  return useSyncExternalStore(
    noSubscription,
    () => cartCountFromCookie(document.cookie),
    () => 0,
  );
}
