/**
 * Publishing renders pages with react-dom/static (waiting for lazy blocks); the browser then
 * hydrates that HTML. Both must agree, whatever the visitor's cookies say.
 */
import { act, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { BlockData } from "../types";
import { ALL_BLOCKS } from "./block-examples";
import { Blocks } from "./blocks";
import { clearConsentCookie, Providers, setConsentCookie } from "./test-utils";

async function prerender(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = "";
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}

/**
 * The page as publishing renders it. The server renderer leaves the context values of its last
 * suspended task behind until its next render; in this one test process the browser renderer
 * would see them, so a tiny second render resets them.
 */
async function publish(blocks: BlockData[]): Promise<string> {
  const html = await prerender(
    <Providers>
      <Blocks blocks={blocks} />
    </Providers>,
  );
  await prerender(<p />);
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

afterEach(() => {
  clearConsentCookie();
  vi.restoreAllMocks();
});

describe("server rendering and hydration", () => {
  test("publishing renders every block, the lazy ones included, with no iframe", async () => {
    setConsentCookie({ statistics: false, marketing: false, embeds: true });
    const html = await publish(ALL_BLOCKS);
    expect(html).toContain("Cookie settings"); // consent form (lazy)
    expect(html).toContain("Contact us"); // form (lazy)
    expect(html).toContain("From what age?");
    expect(html).toContain("Splashing fun.");
    expect(html).toContain("First article");
    expect(html).not.toContain("<iframe");
  });

  test("the browser hydrates the published page without a mismatch, then shows the allowed player", async () => {
    // given: a visitor who allowed embeds (the server never knows; the browser shows the player after hydrating)
    setConsentCookie({ statistics: false, marketing: false, embeds: true });
    const html = await publish(ALL_BLOCKS);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = captureErrors();
    const recoverable = vi.fn();
    try {
      // when
      const root = await act(async () =>
        hydrateRoot(
          container,
          <Providers>
            <Blocks blocks={ALL_BLOCKS} />
          </Providers>,
          { onRecoverableError: recoverable },
        ),
      );
      // then
      await waitFor(() => expect(container.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871"));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors()).toEqual([]);
      act(() => root.unmount());
    } finally {
      container.remove();
    }
  });
});
