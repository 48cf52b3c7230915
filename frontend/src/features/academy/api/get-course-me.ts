import { api, type ApiClient } from "../../../lib/api";
import type { CourseMe } from "../types";

export type CourseMeAnswer = { data: CourseMe };

/**
 * GET /courses/{id}/me (bearer): the signed-in parent's prices, access and progress for a course,
 * read after hydration. 401 signed out, 404 for a course that does not exist.
 */
export function getCourseMe(courseId: number, client: ApiClient = api, signal?: AbortSignal): Promise<CourseMeAnswer> {
  return client.request<CourseMeAnswer>("GET", `/courses/${courseId}/me`, { signal });
}
