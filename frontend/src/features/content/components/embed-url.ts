/** The iframe address of a third-party embed: privacy-friendly players for videos, maps as given. */
import type { ConsentEmbedBlockData } from "../types";

type Provider = ConsentEmbedBlockData["provider"];

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** "90", "90s", "1m30s" or "1h2m3s" → seconds; null when it is not a time. */
function seconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match) return null;
  const [, h = "0", m = "0", s = "0"] = match;
  const total = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return total > 0 ? total : null;
}

function youtube(url: URL): string | null {
  let id: string | null = null;
  if (url.hostname === "youtu.be") {
    id = url.pathname.split("/")[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(url.hostname)) {
    id = url.pathname === "/watch" ? url.searchParams.get("v") : (/^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[1] ?? null);
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = seconds(url.searchParams.get("start") ?? url.searchParams.get("t"));
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ""}`;
}

function vimeo(url: URL): string | null {
  if (url.hostname === "player.vimeo.com") {
    const id = /^\/video\/(\d+)/.exec(url.pathname)?.[1];
    const hash = url.searchParams.get("h");
    return id ? `https://player.vimeo.com/video/${id}${hash ? `?h=${encodeURIComponent(hash)}` : ""}` : null;
  }
  if (url.hostname !== "vimeo.com" && url.hostname !== "www.vimeo.com") return null;
  // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123, vimeo.com/showcase/1/video/123
  const segments = url.pathname.split("/").filter(Boolean);
  const index = segments.findIndex((segment, i) => /^\d+$/.test(segment) && segments[i - 1] !== "showcase");
  const id = index >= 0 ? segments[index] : undefined;
  if (!id) return null;
  const hash = segments[index + 1];
  const unlisted = hash && /^[0-9a-f]+$/i.test(hash) ? hash : url.searchParams.get("h");
  return `https://player.vimeo.com/video/${id}${unlisted ? `?h=${encodeURIComponent(unlisted)}` : ""}`;
}

/** The address to put in the iframe, or null when the URL is not one the provider can embed. */
export function embedUrl(provider: Provider, address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  switch (provider) {
    case "youtube":
      return youtube(url);
    case "vimeo":
      return vimeo(url);
    case "google-maps":
      return address;
    default:
      return null;
  }
}

export const PROVIDER_NAMES: Record<Provider, string> = { youtube: "YouTube", vimeo: "Vimeo", "google-maps": "Google Maps" };
