import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useLocation } from "react-router";
import { Link } from "../../ui/link";
import { rememberRedirect, useAuth } from "../../lib/auth";
import { useCartCount } from "../../lib/cart";
import type { Locale } from "../../lib/i18n";
import { useAccountPath } from "../../lib/pages/account-path";
import { CartIcon, CloseIcon, MenuIcon, UserIcon } from "../../ui/icons";
import { Logo } from "../../ui/logo";
import { NavLinkList } from "../../ui/nav-link-list";
import type { Payload } from "../payload";
import { routePath } from "../../lib/routes";

const BANNER_REPEAT = 8;

/**
 * Signed in: a link to the account page. Otherwise (also in the published HTML) a link to the
 * login screen that remembers to come back to the account page afterwards.
 */
export function AccountLink({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const accountPath = useAccountPath(locale);
  if (status === "signed-in") {
    return (
      <Link to={accountPath} className="icon-link account-link">
        <UserIcon />
        <span className="icon-link__label">{t("routes.account")}</span>
      </Link>
    );
  }
  return (
    <Link to={routePath("login", locale)} className="icon-link account-link" onClick={() => rememberRedirect(accountPath)}>
      <UserIcon />
      <span className="icon-link__label">{t("header.login")}</span>
    </Link>
  );
}

/** The site settings' banner text of the language (edited in the studio), else the UI's own. */
function Banner({ own }: { own?: string | null }) {
  const { t } = useTranslation();
  const text = own || t("header.banner");
  return (
    <Link className="banner" to="/academy" aria-label={text}>
      <span className="banner__track" aria-hidden="true">
        {Array.from({ length: BANNER_REPEAT }, (_, index) => (
          <span className="banner__item" key={index}>
            {text}
          </span>
        ))}
      </span>
    </Link>
  );
}

export function Header({ payload }: { payload: Payload }) {
  const { t } = useTranslation();
  const locale = payload.locale as Locale;
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const cartCount = useCartCount();

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenOn(null);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => setOpenOn(null);
  return (
    <header className="site-header">
      <Banner own={payload.settings.banner} />
      <div className="site-header__top">
        <NavLinkList items={payload.navigation.secondary} label={t("header.secondaryNav")} className="nav-secondary" nested={false} />
      </div>
      <div className="site-header__main">
        <Link to="/" className="site-header__logo" aria-label={t("header.home")}>
          <Logo />
        </Link>
        <NavLinkList items={payload.navigation.primary} label={t("header.primaryNav")} className="nav-primary" />
        <div className="site-header__actions">
          <Link to={routePath("cart", locale)} className="icon-link cart-link">
            <CartIcon />
            <span className="visually-hidden">{t("header.cart", { count: cartCount })}</span>
            <span className="cart-link__badge" aria-hidden="true" data-testid="cart-count">
              {cartCount}
            </span>
          </Link>
          <AccountLink locale={locale} />
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">{open ? t("header.closeMenu") : t("header.openMenu")}</span>
          </button>
        </div>
      </div>
      <div id={panelId} ref={panel} className="mobile-menu" hidden={!open}>
        <NavLinkList items={payload.navigation.primary} label={t("header.mobileNav")} onNavigate={close} />
        <NavLinkList items={payload.navigation.secondary} label={t("header.secondaryNav")} onNavigate={close} nested={false} />
      </div>
    </header>
  );
}
