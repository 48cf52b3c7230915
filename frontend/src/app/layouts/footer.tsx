import type { MouseEvent, ReactElement } from "react";
import { carriesSomething } from "../../lib/handoff";
import { LOCALES, useTranslation } from "../../lib/i18n";
import { FacebookIcon, InstagramIcon, LinkedInIcon, TikTokIcon, XIcon } from "../../ui/icons";
import { isPlainClick } from "../../ui/link";
import { NavLinkList } from "../../ui/nav-link-list";
import type { Payload, SiteSettings } from "../payload";

const SOCIAL: { key: keyof SiteSettings["socialLinks"]; name: string; icon: () => ReactElement }[] = [
  { key: "facebook", name: "Facebook", icon: () => <FacebookIcon /> },
  { key: "instagram", name: "Instagram", icon: () => <InstagramIcon /> },
  { key: "linkedin", name: "LinkedIn", icon: () => <LinkedInIcon /> },
  { key: "x", name: "X", icon: () => <XIcon /> },
  { key: "tiktok", name: "TikTok", icon: () => <TikTokIcon /> },
];

const LANGUAGE_NAMES: Record<string, string> = {
  nl: "Nederlands", en: "English", de: "Deutsch", es: "Español", fr: "Français", sv: "Svenska",
};

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Remembers the visitor's language on this domain (the target domain stores it from ?locale=). */
function rememberLocale(code: string): void {
  document.cookie = `locale=${code}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax`;
}

/**
 * A click on another language: with a cart or a sign-in to take along, the language hand-off
 * (loaded now) carries them; otherwise the plain link is followed as it is.
 */
function switchLanguage(event: MouseEvent<HTMLAnchorElement>, code: string, href: string): void {
  rememberLocale(code);
  if (!isPlainClick(event, undefined) || !carriesSomething()) return;
  event.preventDefault();
  // Its code failed to load: the plain link, as without a hand-off.
  import("../../lib/handoff/hand-off").then(
    ({ handOff }) => handOff(href),
    () => window.location.assign(href),
  );
}

/**
 * Locale codes as links to the same page on the other domains (the home page where it has none).
 * The choice is stored for 365 days on both domains and wins over the browser's languages. The
 * links stay plain (crawlers, the hreflang alternates); a visitor with a cart or a sign-in goes
 * through the hand-off, which keeps them.
 */
export function LanguageSwitcher({ payload }: { payload: Payload }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("footer.language")} className="language-switcher">
      <ul>
        {LOCALES.map((code) => {
          const href = `${payload.settings.origins[code]}${payload.alternates[code] ?? "/"}?locale=${code}`;
          const current = code === payload.locale;
          return (
            <li key={code}>
              <a
                href={href}
                hrefLang={code}
                lang={code}
                aria-label={`${code.toUpperCase()} – ${LANGUAGE_NAMES[code]}`}
                aria-current={current ? "true" : undefined}
                onClick={current ? () => rememberLocale(code) : (event) => switchLanguage(event, code, href)}
              >
                {code.toUpperCase()}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The company's address on one line: "Kanaalweg 21, 3526 KL Utrecht, Nederland". */
function postalAddress(address: NonNullable<SiteSettings["address"]>, country: string): string {
  return `${address.street} ${address.housenumber}, ${address.postalCode} ${address.city}, ${country}`;
}

export function Footer({ payload }: { payload: Payload }) {
  const { t } = useTranslation();
  const { settings, navigation } = payload;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t("footer.shop")}</h2>
          <NavLinkList items={navigation.primary} label={t("footer.primaryNav")} nested={false} />
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t("footer.help")}</h2>
          <NavLinkList items={navigation.secondary} label={t("footer.secondaryNav")} nested={false} />
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">{t("footer.follow")}</h2>
          <ul className="social-links">
            {SOCIAL.filter(({ key }) => settings.socialLinks[key]).map(({ key, name, icon }) => (
              <li key={key}>
                <a href={settings.socialLinks[key] ?? undefined} rel="noopener noreferrer" target="_blank">
                  {icon()}
                  <span className="visually-hidden">{t("footer.socialOn", { network: name })}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__legal">
        <NavLinkList items={navigation.legal} label={t("footer.legalNav")} className="nav-legal" nested={false} />
        <p className="site-footer__company">{t("footer.companyLine", { company: settings.companyName })}</p>
        {settings.address && <p>{postalAddress(settings.address, t(`forms.countries.${settings.address.country}`))}</p>}
        <p>
          {t("footer.coc")}: {settings.cocNumber} · {t("footer.vat")}: {settings.vatNumber}
        </p>
        <p suppressHydrationWarning>{t("footer.copyright", { year, company: settings.companyName })}</p>
        <LanguageSwitcher payload={payload} />
      </div>
    </footer>
  );
}
