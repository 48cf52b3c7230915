/**
 * Publishing renders pages with react-dom/static (waiting for lazy blocks); the browser then
 * hydrates that HTML. Both must agree, whatever the visitor's cookies say.
 */
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { hydrate, prerender } from "../../../testing/ssr";
import type { BlockData } from "../types";
import { ALL_BLOCKS } from "../../../testing/block-examples";
import { Blocks } from "./blocks";
import { clearConsentCookie, Providers, setConsentCookie } from "../../../testing/content";

/** The page as publishing renders it. */
function publish(blocks: BlockData[]): Promise<string> {
  return prerender(
    <Providers>
      <Blocks blocks={blocks} />
    </Providers>,
  );
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
    // when
    const page = await hydrate(
      html,
      <Providers>
        <Blocks blocks={ALL_BLOCKS} />
      </Providers>,
    );
    try {
      // then
      await waitFor(() => expect(page.container.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871"));
      expect(page.recoverable).not.toHaveBeenCalled();
      expect(page.errors()).toEqual([]);
    } finally {
      page.end();
    }
  });
});
