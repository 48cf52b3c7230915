import { describe, expect, test, vi } from "vitest";
import { createApiClient } from "../../../../lib/api";
import { saveProgress } from "./save-progress";

function recordingClient() {
  const fetch = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(async () =>
    Response.json({ data: { lessonId: 5, positionMs: 12000, completed: false } }),
  );
  return { fetch, client: createApiClient({ baseURL: "", prefix: "/api", fetch: fetch as unknown as typeof globalThis.fetch }) };
}

describe("saveProgress", () => {
  test("PUTs the position as JSON to /api/lessons/{id}/progress", async () => {
    const { fetch, client } = recordingClient();
    const { data } = await saveProgress(5, { positionMs: 12000, completed: false }, client);
    expect(data).toEqual({ lessonId: 5, positionMs: 12000, completed: false });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/lessons/5/progress");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ positionMs: 12000, completed: false });
    expect(init?.keepalive).toBe(false);
  });

  test("on page hide the request is sent with keepalive, so it outlives the page", async () => {
    const { fetch, client } = recordingClient();
    await saveProgress(5, { positionMs: 4000, completed: false }, client, true);
    expect(fetch.mock.calls[0]?.[1]?.keepalive).toBe(true);
  });
});
