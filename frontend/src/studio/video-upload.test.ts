import { describe, expect, test } from "vitest";
import { ApiError, unknownError, type ApiClient } from "../lib/api";
import type { VideoUpload } from "./lesson-video-api";
import { continueUpload, importing, resumable, sentPercent, uploadVideo } from "./video-upload";

const upload = (changes: Partial<VideoUpload> = {}): VideoUpload => ({
  id: 7,
  lessonId: 3,
  fileName: "les-3.mp4",
  size: 10,
  offset: 0,
  status: "receiving",
  percent: 0,
  failure: null,
  createdAt: "2026-11-29T12:00:00Z",
  updatedAt: "2026-11-29T12:00:00Z",
  expiresAt: "2026-11-30T12:00:00Z",
  chunkSize: 4,
  ...changes,
});

type Call = { method: string; path: string; offset?: string; bytes?: number };

/** A server that keeps the bytes received, answering as the backend does; `fail` decides per call whether it breaks instead. */
function fakeServer(fail: (call: Call, index: number) => Error | null = () => null) {
  const calls: Call[] = [];
  let received = 0;
  const state = () => upload({ offset: received, status: received === 10 ? "queued" : "receiving" });
  const client = {
    async request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
      const call: Call = { method, path, offset: options.headers?.["upload-offset"], bytes: options.body instanceof Blob ? options.body.size : undefined };
      calls.push(call);
      const broken = fail(call, calls.length - 1);
      if (broken) throw broken;
      if (method === "POST") return { data: upload() };
      if (method === "GET") return { data: state() };
      if (Number(call.offset) !== received) {
        throw new ApiError({ data: null, error: { status: 409, name: "ConflictError", message: "elsewhere", details: { offset: received } } });
      }
      received += call.bytes ?? 0;
      return { data: state() };
    },
  } as unknown as ApiClient;
  return { client, calls };
}

const file = new File([new Uint8Array(10)], "les-3.mp4", { type: "video/mp4" });
const noWait = { wait: async () => undefined };

describe("sending a lesson video in chunks", () => {
  test("the file goes in chunks of the server's size, each at its offset, until it is queued", async () => {
    const server = fakeServer();
    const seen: number[] = [];

    const done = await uploadVideo(server.client, 3, file, { ...noWait, onProgress: (u) => seen.push(u.offset) });

    expect(done.status).toBe("queued");
    expect(server.calls.map((c) => [c.method, c.offset ?? null, c.bytes ?? null])).toEqual([
      ["POST", null, null],
      ["PATCH", "0", 4],
      ["PATCH", "4", 4],
      ["PATCH", "8", 2],
    ]);
    expect(seen).toEqual([0, 4, 8, 10]);
  });

  test("a chunk lost on the way is sent again from the offset the server then reports", async () => {
    const server = fakeServer((_call, index) => (index === 2 ? unknownError("Failed to fetch") : null));
    const pauses: number[] = [];

    const done = await uploadVideo(server.client, 3, file, { wait: async (ms) => void pauses.push(ms) });

    expect(done.status).toBe("queued");
    expect(server.calls.map((c) => `${c.method} ${c.offset ?? ""}`.trim())).toEqual(["POST", "PATCH 0", "PATCH 4", "GET", "PATCH 4", "PATCH 8"]);
    expect(pauses).toEqual([1000]);
  });

  test("a 409 moves the upload to the offset the server names", async () => {
    const server = fakeServer();
    await server.client.request("PATCH", "/video-uploads/7", { body: new Blob([new Uint8Array(4)]), headers: { "upload-offset": "0" } });

    const done = await continueUpload(server.client, upload({ offset: 0 }), file, noWait); // this tab thought 0

    expect(done.offset).toBe(10);
    expect(server.calls.slice(1).map((c) => c.offset)).toEqual(["0", "4", "8"]);
  });

  test("after the last retry the upload stops, to be resumed later", async () => {
    const server = fakeServer((call) => (call.method === "PATCH" ? unknownError("offline") : null));

    await expect(continueUpload(server.client, upload(), file, { ...noWait, retries: 2 })).rejects.toThrow("offline");

    expect(server.calls.filter((c) => c.method === "PATCH")).toHaveLength(3);
  });

  test("a refusal that trying again cannot change stops at once", async () => {
    const forbidden = new ApiError({ data: null, error: { status: 403, name: "ForbiddenError", message: "no", details: {} } });
    const server = fakeServer((call) => (call.method === "PATCH" ? forbidden : null));

    await expect(continueUpload(server.client, upload(), file, noWait)).rejects.toBe(forbidden);

    expect(server.calls).toHaveLength(1);
  });
});

describe("what the panel shows of an upload", () => {
  test("the same file picked again resumes the upload still taking bytes", () => {
    expect(resumable(upload({ offset: 4 }), { name: "les-3.mp4", size: 10 })).toBe(true);
    expect(resumable(upload({ offset: 4 }), { name: "les-4.mp4", size: 10 })).toBe(false);
    expect(resumable(upload({ status: "expired" }), { name: "les-3.mp4", size: 10 })).toBe(false);
    expect(resumable(null, { name: "les-3.mp4", size: 10 })).toBe(false);
  });

  test("the bytes sent as a whole percentage, and whether the worker still has it", () => {
    expect(sentPercent(upload({ offset: 3 }))).toBe(30);
    expect(importing(upload({ status: "packaging" }))).toBe(true);
    expect(importing(upload({ status: "failed" }))).toBe(false);
  });
});
