import { afterEach, describe, expect, test, vi } from "vitest";
import { attachSource } from "./hls-source";
import { createKeyTokens, type KeyToken } from "./key-tokens";
import { FakeHls, fakeXhr, keyConfig } from "../../../testing/hls";

vi.mock("hls.js", async () => ({ default: (await import("../../../testing/hls")).FakeHls }));

const MASTER = "/media/videos/level-2-lesson-1/p1/master.m3u8";
const KEY_URI = "http://localhost:8000/api/lessons/5/key";
const later = new Date(Date.now() + 600_000).toISOString();
const token = (value: string): KeyToken => ({ token: value, expiresAt: later });

async function start(fetchToken = vi.fn(async () => token("second"))) {
  const onFailure = vi.fn();
  const video = document.createElement("video");
  const detach = await attachSource({ video, master: MASTER, tokens: createKeyTokens(token("first"), fetchToken), apiBase: "/api", onFailure });
  return { hls: FakeHls.last(), video, onFailure, detach, fetchToken };
}

afterEach(() => FakeHls.reset());

describe("attachSource", () => {
  test("loads the master playlist into the video", async () => {
    const { hls, video } = await start();
    expect(hls.loadSource).toHaveBeenCalledWith(MASTER);
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
  });

  test("xhrSetup re-opens key requests at the API base with the key token and leaves other requests alone", async () => {
    const { hls } = await start();
    const { xhrSetup } = keyConfig(hls);
    const key = fakeXhr();
    await xhrSetup(key.xhr, KEY_URI);
    expect(key.open).toHaveBeenCalledExactlyOnceWith("GET", "/api/lessons/5/key?token=first", true);
    const segment = fakeXhr();
    await xhrSetup(segment.xhr, "http://localhost:8000/media/videos/level-2-lesson-1/p1/v0/s000.ts");
    expect(segment.open).not.toHaveBeenCalled();
  });

  test("a 403 on the key fetches access again and retries once with the fresh token; a second 403 is final", async () => {
    const { hls, fetchToken } = await start();
    const { xhrSetup, shouldRetry } = keyConfig(hls);
    expect(shouldRetry(null, 0, false, { code: 403 }, false)).toBe(true);
    const retried = fakeXhr();
    await xhrSetup(retried.xhr, KEY_URI);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(retried.open).toHaveBeenCalledWith("GET", "/api/lessons/5/key?token=second", true);
    expect(shouldRetry(null, 1, false, { code: 403 }, false)).toBe(false);
    hls.emit(FakeHls.Events.KEY_LOADED);
    expect(shouldRetry(null, 0, false, { code: 403 }, false)).toBe(true);
  });

  test("other failures keep hls.js's own retry decision", async () => {
    const { hls, fetchToken } = await start();
    const { shouldRetry } = keyConfig(hls);
    expect(shouldRetry(null, 0, false, { code: 500 }, true)).toBe(true);
    expect(shouldRetry(null, 0, false, { code: 404 }, false)).toBe(false);
    expect(fetchToken).not.toHaveBeenCalled();
  });

  test("a fatal error (manifest or key that cannot load) stops hls.js and reports the failure; other errors do not", async () => {
    const { hls, onFailure } = await start();
    hls.emit("hlsError", { fatal: false, details: "fragLoadError" });
    expect(onFailure).not.toHaveBeenCalled();
    hls.emit("hlsError", { fatal: true, details: "manifestLoadError" });
    expect(hls.destroy).toHaveBeenCalled();
    expect(onFailure).toHaveBeenCalledExactlyOnceWith("load");
  });

  test("a browser without Media Source Extensions gets 'unsupported', not a silent native playback without the token", async () => {
    FakeHls.supported = false;
    const onFailure = vi.fn();
    const video = document.createElement("video");
    await attachSource({ video, master: MASTER, tokens: createKeyTokens(token("first"), vi.fn()), apiBase: "/api", onFailure });
    expect(onFailure).toHaveBeenCalledWith("unsupported");
    expect(FakeHls.instances).toHaveLength(0);
    expect(video.getAttribute("src")).toBeNull();
  });

  test("detaching destroys the hls.js instance", async () => {
    const { hls, detach } = await start();
    detach();
    expect(hls.destroy).toHaveBeenCalled();
  });
});
