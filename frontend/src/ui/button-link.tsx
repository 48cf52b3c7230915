import type { ReactNode } from "react";
import { Link } from "./link";

type Props = {
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
  /** Runs before the navigation (e.g. to remember where to come back to). */
  onClick?: () => void;
};

/** A link styled as a button. */
export function ButtonLink({ to, children, variant = "primary", onClick }: Props) {
  return (
    <Link className={`button button--${variant}`} to={to} onClick={onClick}>
      {children}
    </Link>
  );
}
