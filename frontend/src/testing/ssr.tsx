/**
 * For the server-rendering tests (`*.ssr.test.tsx`, the "ssr" Vitest project): publishing's
 * render, and the console errors of a hydration, in the one process both renderers share here.
 */
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerenderToNodeStream } from "react-dom/static";
import { vi, type Mock } from "vitest";

/**
 * The HTML publishing makes (react-dom/static, waiting for lazy parts). The server renderer
 * leaves the context values of its last suspended task behind until its next render; in this
 * one test process the browser renderer would see them, so a tiny second render resets them.
 */
export async function prerender(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = "";
  for await (const chunk of prelude) html += chunk.toString();
  await prerenderToNodeStream(<p />);
  return html;
}

/** console.error calls, less React's development notice that two renderers share this process. */
function captureErrors(): () => string[] {
  const messages: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const message = String(args[0]);
    if (!message.startsWith("Detected multiple renderers")) messages.push(message);
  });
  return () => messages;
}

export interface Hydrated {
  container: HTMLElement;
  /** console.error calls so far, less React's notice of two renderers. */
  errors: () => string[];
  /** React's onRecoverableError: called for a mismatch it recovered from. */
  recoverable: Mock;
  /** Unmounts the tree and takes its container out of the page. */
  end: () => void;
}

/** Published HTML put in the page and hydrated with `node`, as the browser does. */
export async function hydrate(html: string, node: ReactNode): Promise<Hydrated> {
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors = captureErrors();
  const recoverable = vi.fn();
  const root = await act(async () => hydrateRoot(container, node, { onRecoverableError: recoverable }));
  const end = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { container, errors, recoverable, end };
}
