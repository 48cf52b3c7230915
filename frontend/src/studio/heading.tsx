import { useEffect, useRef } from "react";
import { useTranslation } from "../lib/i18n";

/**
 * A screen's heading: it takes the focus when the screen appears (a screen reader starts
 * reading there after a navigation) and names the browser tab.
 */
export function Heading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  useEffect(() => {
    document.title = `${children} · ${t("studio.name")}`;
  }, [children, t]);
  return (
    <h1 ref={ref} tabIndex={-1} className="studio-heading">
      {children}
    </h1>
  );
}
