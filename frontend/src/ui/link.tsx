/**
 * A link in the shop: a plain <a href>, followed by the router (no page load) on a plain click;
 * a click with a modifier key or into another window is left to the browser, and a link out of
 * the shop (https:, mailto:) is a plain link. The router's own Link resolves a relative path
 * against the route tree for each link it renders — a fifth of a published page's render time at
 * some 45 links a page — and every path in the shop is absolute.
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { useLocation, useNavigate } from "react-router";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** A path of this site ("/shop"), not another site ("//cdn…", "https://…") nor "mailto:…". */
function isInternal(to: string): boolean {
  return to.startsWith("/") && !to.startsWith("//");
}

/** A click the page may take over: the main button, no modifier key, no other window. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && !modified && (!target || target === "_self");
}

export function Link({ to, onClick, ...anchor }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  if (!isInternal(to)) return <a {...anchor} href={to} onClick={onClick} />;
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return;
    event.preventDefault();
    // A link to the page one is on reloads its data without a second history entry.
    void navigate(to, { replace: location.pathname + location.search + location.hash === to });
  }
  return <a {...anchor} href={to} onClick={follow} />;
}
