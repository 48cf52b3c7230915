import { useEffect, useState } from "react";

/**
 * The number of items in the 'cart' cookie, read after hydration so server and browser render
 * the same HTML first. A malformed cookie counts as an empty cart.
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

export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => setCount(cartCountFromCookie(document.cookie)), []);
  return count;
}
