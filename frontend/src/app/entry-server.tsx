/** The server entry: renders one route from its payload to HTML (used by `python -m splash publish`). */
import { StrictMode, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from "react-router";
import { createI18n, loadMessages, type Locale } from "../lib/i18n";
import { pageDescription, pageTitle } from "./head";
import type { Payload } from "./payload";
import { buildRoutes } from "./router";

export type Rendered = { html: string; head: { title: string; description: string } };

type LocaleRenderer = { i18n: I18n; handler: StaticHandler };
const renderers = new Map<Locale, Promise<LocaleRenderer>>();

/**
 * A locale's texts and routes, made once for every page a publish renders in it: each page's
 * payload reaches the routes' loader as the request's context.
 */
function rendererOf(locale: Locale): Promise<LocaleRenderer> {
  let renderer = renderers.get(locale);
  if (!renderer) {
    renderer = loadMessages(locale).then((messages) => ({
      i18n: createI18n(locale, messages),
      handler: createStaticHandler(buildRoutes(locale, ({ context }) => (context as { payload: Payload }).payload)),
    }));
    renderers.set(locale, renderer);
  }
  return renderer;
}

export async function render(url: string, payload: Payload): Promise<Rendered> {
  const { i18n, handler } = await rendererOf(payload.locale);
  const context = await handler.query(new Request(new URL(url, "http://splash.invalid")), { requestContext: { payload } });
  if (context instanceof Response) throw new Error(`Rendering ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </StrictMode>
  );
  // At one go, as a string: a page whose lazy parts (forms, the product page) are loaded. The
  // first page that shows a lazy part finds it still loading (a lazy component's code is asked
  // for when it first renders) and would have it rendered in the browser instead: that page
  // waits for it.
  let html = renderToString(page);
  if (html.includes(CLIENT_RENDERED)) html = await prerendered(page);
  return { html, head: { title: pageTitle(payload, i18n.t), description: pageDescription(payload, i18n.t) } };
}

/** Where React left a Suspense boundary for the browser to render. */
const CLIENT_RENDERED = "<!--$!-->";

/**
 * The page once its lazy parts are loaded. A boundary whose content is larger than React's
 * progressive chunk size (12.8 kB by default) would still be written out of order — a hidden
 * segment that a script moves into place, never seen without JavaScript — so the chunk size is
 * unlimited: every part of the page stands in place in the HTML (as it does in renderToString).
 */
async function prerendered(page: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = "";
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}
