/** The server entry: renders one route from its payload to HTML (used by `python -m splash publish`). */
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createI18n, I18nProvider, loadMessages } from "../lib/i18n";
import { createStaticRouter } from "../lib/router";
import { pageDescription, pageTitle } from "./head";
import type { Payload } from "./payload";
import { App } from "./router";

export type Rendered = { html: string; head: { title: string; description: string } };

export async function render(url: string, payload: Payload): Promise<Rendered> {
  const i18n = createI18n(payload.locale, await loadMessages(payload.locale));
  const router = createStaticRouter(url, payload);
  // prerender waits for lazy parts (forms, the product page). A boundary whose content is
  // larger than React's progressive chunk size (12.8 kB by default) would still be written out
  // of order — a hidden segment that a script moves into place, never seen without JavaScript —
  // so the chunk size is unlimited: every part of the page stands in place in the HTML.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App router={router} />
      </I18nProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += chunk.toString();
  return { html, head: { title: pageTitle(payload, i18n.t), description: pageDescription(payload, i18n.t) } };
}
