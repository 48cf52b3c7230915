import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createI18n, deferAccountTexts, I18nProvider, loadMessages } from "../lib/i18n";
import { createBrowserRouter, type Loader } from "../lib/router";
import { isOutdated, reloadGuarded } from "./build-update";
import { readInlinePayload } from "./payload";
import { startPrefetching, takePayload } from "./prefetch";
import { App } from "./router";
import "./styles.css";

/** Client-side navigation: one payload request; a new deployment turns it into a full load. */
const loader: Loader = (location, signal) => {
  if (isOutdated()) {
    window.location.assign(`${location.pathname}${location.search}${location.hash}`);
    return new Promise<never>(() => undefined);
  }
  return takePayload(location.pathname, signal);
};

window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadGuarded(window.sessionStorage, () => window.location.reload());
});

async function start(): Promise<void> {
  const payload = readInlinePayload(document);
  const messages = await loadMessages(payload.locale, { account: false });
  deferAccountTexts(payload.locale, messages);
  const i18n = createI18n(payload.locale, messages);
  const router = createBrowserRouter({ data: payload, loader });
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App router={router} />
      </I18nProvider>
    </StrictMode>
  );
  const root = document.getElementById("root");
  if (!root) throw new Error("No #root element");
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
  startPrefetching();
}

void start();
