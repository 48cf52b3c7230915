/**
 * Plays a lesson's HLS package in a <video> through hls.js (the full build: the light one drops
 * subtitle support), loaded only when a lesson plays. Key requests go to the shop's API with the
 * key token (key-url.ts); a refused key is retried once with a fresh token (key-tokens.ts).
 *
 * Browsers without Media Source Extensions that play HLS natively (older iPhones) cannot add the
 * token to the key request: they get the error state, never a silent failure.
 */
import type { ErrorData, HlsConfig } from "hls.js";
import { isKeyUrl, keyRequestUrl } from "./key-url";
import type { KeyTokens } from "./key-tokens";

/** Why the video cannot play: the browser cannot play protected HLS, or the manifest or key did not load. */
export type SourceFailure = "unsupported" | "load";

export type SourceOptions = {
  video: HTMLVideoElement;
  /** The master playlist, e.g. /media/videos/level-2-lesson-1/<package>/master.m3u8. */
  master: string;
  tokens: KeyTokens;
  /** The API's base (config.apiBaseURL + config.apiPrefix). */
  apiBase: string;
  onFailure: (failure: SourceFailure) => void;
};

/** Only the key requests are rewritten; hls.js opens every other request itself. */
export function keyLoadingConfig(tokens: KeyTokens, apiBase: string): Partial<HlsConfig> {
  const retry403 = { maxNumRetry: 8, retryDelayMs: 1000, maxRetryDelayMs: 8000 };
  return {
    async xhrSetup(xhr, url) {
      if (!isKeyUrl(url)) return;
      const token = await tokens.forRequest();
      xhr.open("GET", keyRequestUrl(url, token, apiBase) ?? url, true);
    },
    keyLoadPolicy: {
      default: {
        maxTimeToFirstByteMs: 8000,
        maxLoadTimeMs: 20000,
        timeoutRetry: { maxNumRetry: 1, retryDelayMs: 1000, maxRetryDelayMs: 8000 },
        errorRetry: {
          ...retry403,
          // hls.js retries no 4xx; a 403 (an expired token) is retried once, with a fresh token.
          shouldRetry: (_config, _count, _timeout, response, retry) => (response?.code === 403 ? tokens.refused() : retry),
        },
      },
    },
  };
}

/** Attaches hls.js to the video; answers the function that detaches it. */
export async function attachSource({ video, master, tokens, apiBase, onFailure }: SourceOptions): Promise<() => void> {
  const { default: Hls } = await import("hls.js");
  if (!Hls.isSupported()) {
    onFailure("unsupported");
    return () => undefined;
  }
  const hls = new Hls(keyLoadingConfig(tokens, apiBase));
  hls.on(Hls.Events.KEY_LOADED, () => tokens.loaded());
  hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
    if (data.fatal) {
      hls.destroy();
      onFailure("load");
    }
  });
  hls.loadSource(master);
  hls.attachMedia(video);
  return () => hls.destroy();
}
