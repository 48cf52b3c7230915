/**
 * The studio's start (from its own entry, ./main.tsx): it asks who is signed in, loads that
 * member's language (the shop domain's before signing in) and renders the studio.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_LOCALE, isLocale } from "../lib/i18n";
import { getMe, studioClient, type Me } from "./api";
import { StudioApp } from "./app";
import { loadStudioTexts } from "./i18n";
import "./studio.css";

export async function startStudio(root: HTMLElement): Promise<void> {
  const client = studioClient();
  // Signed out (401), or the API not answering: the sign-in screen, whose form then says so.
  const me: Me | null = await getMe(client).catch(() => null);
  const lang = document.documentElement.lang;
  const i18n = await loadStudioTexts(me?.staff.locale ?? (isLocale(lang) ? lang : DEFAULT_LOCALE));
  createRoot(root).render(
    <StrictMode>
      <StudioApp client={client} initialMe={me} initialI18n={i18n} />
    </StrictMode>,
  );
}
