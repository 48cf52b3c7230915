import { act, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test } from "vitest";
import { parseConsent } from "../consent";
import type { ConsentEmbedBlockData } from "../types";
import { ConsentEmbedBlock } from "./consent-embed-block";
import { embedUrl } from "./embed-url";
import { clearConsentCookie, Providers, renderBlock, setConsentCookie } from "../../../testing/content";

const video: ConsentEmbedBlockData = {
  type: "consent-embed",
  title: "How to put on a float suit",
  provider: "youtube",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  poster: { src: "/media/poster.jpg", alt: "A child in a float suit", width: 1280, height: 720 },
};

afterEach(() => clearConsentCookie());

describe("ConsentEmbedBlock", () => {
  test("before consent: a placeholder with the title, the poster and a Load video button, and no iframe", () => {
    // given / when
    const { container } = renderBlock(<ConsentEmbedBlock block={video} />);
    // then
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("heading", { name: "How to put on a float suit" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "A child in a float suit" }).getAttribute("loading")).toBe("lazy");
    const load = screen.getByRole("button", { name: "Load video" });
    expect(load.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/This video is hosted by YouTube/)).toBeTruthy();
  });

  test("a click loads the privacy-friendly player: a lazy, titled iframe of youtube-nocookie.com", () => {
    // given
    const { container } = renderBlock(<ConsentEmbedBlock block={video} />);
    // when
    fireEvent.click(screen.getByRole("button", { name: "Load video" }));
    // then
    const iframe = screen.getByTitle("How to put on a float suit");
    expect(iframe.tagName).toBe("IFRAME");
    expect(iframe.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(iframe.getAttribute("loading")).toBe("lazy");
    expect(document.activeElement).toBe(iframe);
    expect(screen.queryByRole("button", { name: "Load video" })).toBeNull();
    // the placeholder and the player share one box with the block's aspect ratio
    expect(container.querySelector(".embed-frame")?.classList.contains("embed-frame--16-9")).toBe(true);
  });

  test("a click without 'always load' stores no consent", () => {
    renderBlock(<ConsentEmbedBlock block={video} />);
    fireEvent.click(screen.getByRole("button", { name: "Load video" }));
    expect(parseConsent(document.cookie)).toBeNull();
  });

  test("with 'always load' ticked the click stores consent for embeds", () => {
    setConsentCookie({ statistics: true, marketing: false, embeds: false });
    renderBlock(<ConsentEmbedBlock block={video} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Always load videos and maps" }));
    fireEvent.click(screen.getByRole("button", { name: "Load video" }));
    expect(parseConsent(document.cookie)).toMatchObject({ statistics: true, marketing: false, embeds: true });
  });

  test("a stored consent for embeds loads the player straight away", async () => {
    // given
    setConsentCookie({ statistics: false, marketing: false, embeds: true });
    // when
    renderBlock(<ConsentEmbedBlock block={video} />);
    // then
    const iframe = await screen.findByTitle("How to put on a float suit");
    expect(iframe.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(screen.queryByRole("button", { name: "Load video" })).toBeNull();
  });

  test("a stored consent without embeds keeps the placeholder", () => {
    setConsentCookie({ statistics: true, marketing: true, embeds: false });
    const { container } = renderBlock(<ConsentEmbedBlock block={video} />);
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("button", { name: "Load video" })).toBeTruthy();
  });

  test("the server never renders the iframe, whatever the cookie (so hydration matches)", () => {
    setConsentCookie({ statistics: false, marketing: false, embeds: true });
    const html = renderToString(
      <Providers>
        <ConsentEmbedBlock block={video} />
      </Providers>,
    );
    expect(html).not.toContain("<iframe");
    expect(html).toContain("Load video");
  });

  test("consent given in another part of the page (the consent form) loads the player", async () => {
    const { container } = renderBlock(<ConsentEmbedBlock block={video} />);
    expect(container.querySelector("iframe")).toBeNull();
    const { writeConsent } = await import("../consent");
    act(() => {
      writeConsent({ statistics: false, marketing: false, embeds: true });
    });
    expect(container.querySelector("iframe")?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  test("a map says Load map, uses its URL as given and its own aspect ratio", () => {
    const map: ConsentEmbedBlockData = {
      type: "consent-embed",
      title: "Our shop in Utrecht",
      provider: "google-maps",
      url: "https://www.google.com/maps/embed?pb=!1m18!1m12",
      aspectRatio: "4:3",
    };
    const { container } = renderBlock(<ConsentEmbedBlock block={map} />);
    expect(screen.getByText(/This map comes from Google Maps/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load map" }));
    expect(screen.getByTitle("Our shop in Utrecht").getAttribute("src")).toBe("https://www.google.com/maps/embed?pb=!1m18!1m12");
    expect(container.querySelector(".embed-frame--4-3")).not.toBeNull();
  });

  test("a video URL the player cannot use becomes a link to it instead of a broken player", () => {
    renderBlock(<ConsentEmbedBlock block={{ ...video, url: "https://www.youtube.com/@splash" }} />);
    expect(screen.queryByRole("button", { name: "Load video" })).toBeNull();
    const link = screen.getByRole("link", { name: "Open on YouTube" });
    expect(link.getAttribute("href")).toBe("https://www.youtube.com/@splash");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});

describe("embedUrl", () => {
  test.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=90", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ])("youtube %s → %s", (url, expected) => {
    expect(embedUrl("youtube", url)).toBe(expected);
  });

  test.each([
    ["https://www.youtube.com/@splash"],
    ["https://www.youtube.com/watch?v=short"],
    ["https://example.com/watch?v=dQw4w9WgXcQ"],
    ["not a url"],
  ])("youtube %s → null", (url) => {
    expect(embedUrl("youtube", url)).toBeNull();
  });

  test.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://www.vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/8a4c1e2f3b", "https://player.vimeo.com/video/76979871?h=8a4c1e2f3b"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
  ])("vimeo %s → %s", (url, expected) => {
    expect(embedUrl("vimeo", url)).toBe(expected);
  });

  test("vimeo without a video number → null", () => {
    expect(embedUrl("vimeo", "https://vimeo.com/splash")).toBeNull();
  });

  test("google maps uses the URL as given", () => {
    const url = "https://www.google.com/maps/embed?pb=!1m14!2d5.1&hl=nl";
    expect(embedUrl("google-maps", url)).toBe(url);
  });
});
