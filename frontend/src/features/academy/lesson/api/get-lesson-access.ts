import { api, type ApiClient } from "../../../../lib/api";
import type { LessonAccessData } from "../types";

export type LessonAccessOne = { data: LessonAccessData };

/**
 * GET /lessons/{id}/access (anyone): owned, preview or locked; a short-lived key token when the
 * lesson may be watched, and the signed-in parent's position. 404 for an unknown lesson.
 */
export function getLessonAccess(id: number, client: ApiClient = api, signal?: AbortSignal): Promise<LessonAccessOne> {
  return client.request<LessonAccessOne>("GET", `/lessons/${encodeURIComponent(String(id))}/access`, { signal });
}
