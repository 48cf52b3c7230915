import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
  /** Runs before the navigation (e.g. to remember where to come back to). */
  onClick?: () => void;
};

/** A link styled as a button; external URLs become plain anchors. */
export function ButtonLink({ to, children, variant = "primary", onClick }: Props) {
  const className = `button button--${variant}`;
  if (/^https?:\/\//.test(to)) {
    return (
      <a className={className} href={to} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={to} onClick={onClick}>
      {children}
    </Link>
  );
}
