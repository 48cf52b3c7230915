import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { Logo } from "../../ui/logo";
import type { Payload } from "../payload";
import { PageTransition, SkipLink } from "./default-layout";
import { LanguageSwitcher } from "./footer";

/** A calm layout for sign-in screens: logo home, the form, and the language switcher. */
export function LoginLayout({ payload, children }: { payload: Payload; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout layout--login">
      <SkipLink />
      <header className="login-header">
        <Link to="/" aria-label={t("header.home")}>
          <Logo />
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="login-main">
        <PageTransition>{children}</PageTransition>
      </main>
      <footer className="login-footer">
        <LanguageSwitcher payload={payload} />
      </footer>
    </div>
  );
}
