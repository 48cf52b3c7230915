import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
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

export function DefaultLayout({ payload, children }: { payload: Payload; children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <SkipLink />
      <Header payload={payload} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer payload={payload} />
    </div>
  );
}
