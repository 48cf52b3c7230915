import { api, type ApiClient } from "../../../lib/api";
import type { LessonAccess } from "../../../lib/vocabulary";
import type { ImageData } from "../../../ui/rich-text-types";

/** The lesson to go on with in a course (contracts/academy-api.md, ContinueAt). */
export type ContinueAt = {
  lessonId: number;
  title: string;
  path: string;
  positionMs: number;
  durationMs: number | null;
  poster: ImageData;
  access: LessonAccess;
};

/** A course the parent owns or watched something of. */
export type MyCourse = {
  courseId: number;
  title: string;
  path: string;
  ownedLessons: number;
  completedLessons: number;
  lessonCount: number;
  continue: ContinueAt | null;
};

export type MyLessonsAnswer = { data: { courses: MyCourse[] } };

/** GET /academy/me (bearer): the signed-in parent's courses with what they own and completed; 401 signed out. */
export function getMyLessons(client: ApiClient = api, signal?: AbortSignal): Promise<MyLessonsAnswer> {
  return client.request<MyLessonsAnswer>("GET", "/academy/me", { signal });
}
