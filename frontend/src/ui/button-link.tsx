import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link styled as a button; external URLs become plain anchors. */
export function ButtonLink({ to, children, variant = "primary" }: { to: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  const className = `button button--${variant}`;
  if (/^https?:\/\//.test(to)) {
    return (
      <a className={className} href={to}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}
