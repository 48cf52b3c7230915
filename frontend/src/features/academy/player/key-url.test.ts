import { describe, expect, test } from "vitest";
import { isKeyUrl, keyRequestUrl } from "./key-url";

describe("keyRequestUrl", () => {
  test("a key URI of the playlist (on any origin) goes to the API base with the token", () => {
    expect(keyRequestUrl("https://cdn.example/api/lessons/5/key", "a.b.c", "/api")).toBe("/api/lessons/5/key?token=a.b.c");
    expect(keyRequestUrl("http://localhost:8000/api/lessons/12/key", "t", "https://shop.example/api")).toBe("https://shop.example/api/lessons/12/key?token=t");
  });

  test("the token is URL-encoded and a query the playlist carried is replaced", () => {
    expect(keyRequestUrl("/api/lessons/5/key?token=old", "a+b/c=", "/api")).toBe("/api/lessons/5/key?token=a%2Bb%2Fc%3D");
  });

  test("playlists, segments, captions and look-alikes are not key requests", () => {
    for (const url of [
      "/media/videos/level-1-lesson-1/p1/master.m3u8",
      "/media/videos/level-1-lesson-1/p1/v0/s000.ts",
      "/media/videos/level-1-lesson-1/p1/captions/nl.vtt",
      "/api/lessons/5/access",
      "/api/lessons/five/key",
      "/api/lessons/5/key/extra",
    ]) {
      expect(keyRequestUrl(url, "t", "/api")).toBeNull();
      expect(isKeyUrl(url)).toBe(false);
    }
    expect(isKeyUrl("https://cdn.example/api/lessons/5/key")).toBe(true);
  });
});
