/** The server entry: renders one route from its payload to HTML (used by `python -m splash publish`). */
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { createI18n, loadMessages } from "../lib/i18n";
import { pageDescription, pageTitle } from "./head";
import type { Payload } from "./payload";
import { buildRoutes } from "./router";

export type Rendered = { html: string; head: { title: string; description: string } };

export async function render(url: string, payload: Payload): Promise<Rendered> {
  const i18n = createI18n(payload.locale, await loadMessages(payload.locale));
  const routes = buildRoutes(payload.locale, () => payload);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://splash.invalid")));
  if (context instanceof Response) throw new Error(`Rendering ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for lazy parts (forms, the product page). A boundary whose content is
  // larger than React's progressive chunk size (12.8 kB by default) would still be written out
  // of order — a hidden segment that a script moves into place, never seen without JavaScript —
  // so the chunk size is unlimited: every part of the page stands in place in the HTML.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += chunk.toString();
  return { html, head: { title: pageTitle(payload, i18n.t), description: pageDescription(payload, i18n.t) } };
}
