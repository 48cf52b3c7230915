import { Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { useLocation, useNavigation } from "react-router";
import { CartFeedback } from "../../features/cart";
import type { Payload } from "../payload";
import { Footer } from "./footer";
import { Header } from "./header";

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("general.skipToContent")}
    </a>
  );
}

/**
 * Out-in page transitions (spec §9): the old page fades out while the next one loads, then the
 * new one fades in. Reduced motion: no animation.
 */
let firstPageShown = false; // the server-rendered page appears without animation

export function PageTransition({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useEffect(() => {
    firstPageShown = true;
  }, []);
  return (
    <div
      className="page-transition"
      data-state={navigation.state === "loading" ? "out" : "in"}
      data-animate={firstPageShown ? "" : undefined}
      key={pathname}
    >
      {children}
    </div>
  );
}

export function DefaultLayout({ payload, children }: { payload: Payload; children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <SkipLink />
      <Header payload={payload} />
      <main id="main" tabIndex={-1}>
        <PageTransition>{children}</PageTransition>
      </main>
      {/* Below the fold: hydrated in a task of its own, after the page. */}
      <Suspense fallback={null}>
        <Footer payload={payload} />
      </Suspense>
      <CartFeedback />
    </div>
  );
}
