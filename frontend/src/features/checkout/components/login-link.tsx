import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { rememberRedirect } from "../../../lib/auth";
import { useLocale } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { Link } from "../../../ui/link";

/** The checkout's one way to log in: the login page, then back to this checkout (the draft is kept). */
export function LoginLink({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <Link to={routePath("login", locale)} onClick={() => rememberRedirect(pathname)}>
      {children}
    </Link>
  );
}
