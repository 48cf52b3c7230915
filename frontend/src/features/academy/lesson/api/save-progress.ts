import { api, type ApiClient } from "../../../../lib/api";
import type { Progress, SavedProgress } from "../types";

export type SavedProgressOne = { data: SavedProgress };

/**
 * PUT /lessons/{id}/progress (signed in, the lesson watchable): the position, and `completed` at
 * the end (sticky on the server). `keepalive` lets the save on page hide outlive the page.
 */
export function saveProgress(id: number, progress: Progress, client: ApiClient = api, keepalive = false): Promise<SavedProgressOne> {
  return client.request<SavedProgressOne>("PUT", `/lessons/${encodeURIComponent(String(id))}/progress`, { body: progress, keepalive });
}
