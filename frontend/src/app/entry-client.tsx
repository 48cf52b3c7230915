import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createBrowserRouter, createMemoryRouter, matchRoutes, type LoaderFunction } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createI18n, loadMessages } from "../lib/i18n";
import { isOutdated, reloadGuarded } from "./build-update";
import { readInlinePayload } from "./payload";
import { startPrefetching, takePayload } from "./prefetch";
import { buildRoutes, preloadScreen } from "./router";
import "./styles.css";

const PREVIEW = "/_preview/";

/** Client-side navigation: one payload request; a new deployment turns it into a full load. */
const loader: LoaderFunction = ({ request }) => {
  const url = new URL(request.url);
  if (isOutdated()) {
    window.location.assign(url.href);
    return new Promise<never>(() => undefined);
  }
  return takePayload(url.pathname, request.signal).then(async (payload) => {
    await preloadScreen(payload).catch(() => undefined); // a chunk that fails loads again as the screen renders
    return payload;
  });
};

window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadGuarded(window.sessionStorage, () => window.location.reload());
});

async function start(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) throw new Error("No #root element");
  const payload = readInlinePayload(document);
  const i18n = createI18n(payload.locale, await loadMessages(payload.locale));
  const routes = buildRoutes(payload.locale, loader);
  // A preview link (/_preview/<token>, a draft from the studio, never pre-rendered) shows the
  // draft at the path it would be published at, with the real components.
  const preview = window.location.pathname.startsWith(PREVIEW);
  const leaf = matchRoutes(routes, preview ? payload.route.path : window.location)?.at(-1)?.route.id;
  const options = { hydrationData: { loaderData: leaf ? { [leaf]: payload } : {} } };
  const router = preview
    ? createMemoryRouter(routes, { ...options, initialEntries: [payload.route.path] })
    : createBrowserRouter(routes, options);
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>
  );
  // As a transition, hydration works in slices and lets the browser answer input in between,
  // instead of one long task (an event on a part not yet hydrated is replayed once it is).
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  startPrefetching(document, preloadScreen);
}

void start();
