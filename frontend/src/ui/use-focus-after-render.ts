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
    const element = typeof target === "string" ? document.getElementById(target) : target.current;
    // Not on screen in this render (a line waiting for its price): a later render tries again.
    if (!element) return;
    next.current = null;
    element.focus();
  });
  return (target) => {
    next.current = target;
  };
}
