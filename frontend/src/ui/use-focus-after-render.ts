import { useEffect, useRef, type RefObject } from "react";

type Target = string | RefObject<HTMLElement | null>;

/**
 * Moves focus after the next render — to an element id or a ref — once the element it names is
 * on screen (a confirmation's "No" button, the message after a removal, the editor's first field).
 */
export function useFocusAfterRender(): (target: Target) => void {
  const next = useRef<Target | null>(null);
  useEffect(() => {
    const target = next.current;
    if (!target) return;
    next.current = null;
    if (typeof target === "string") document.getElementById(target)?.focus();
    else target.current?.focus();
  });
  return (target) => {
    next.current = target;
  };
}
