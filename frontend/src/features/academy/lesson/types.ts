/** The lesson page's data, as contracts/academy-api.md publishes it (payload key `lesson`). */
import type { LessonAccess } from "../../../lib/vocabulary";
import type { LessonData as CourseLesson, Offer } from "../types";

export type { Offer };

export type Caption = { locale: string; label: string; src: string };

export type LessonVideo = {
  master: string;
  durationMs: number;
  width: number;
  height: number;
  captions: Caption[];
};

export type LessonLink = { title: string; path: string };

/** A course page's lesson, with what its own page adds. */
export type LessonData = CourseLesson & {
  course: { id: number; title: string; path: string };
  level: { id: number; number: number; title: string; offer: Offer };
  previous: LessonLink | null;
  next: LessonLink | null;
  video: LessonVideo | null;
  localizations: { locale: string; path: string }[];
  seo: { title: string; description: string; image?: string | null };
};

/** GET /lessons/{id}/access: who may watch, the key token when they may, and where they were. */
export type LessonAccessData = {
  lessonId: number;
  access: LessonAccess;
  keyToken: string | null;
  expiresAt: string | null;
  positionMs: number;
  completed: boolean;
};

/** PUT /lessons/{id}/progress: the body, and what the API answers. */
export type Progress = { positionMs: number; completed: boolean };
export type SavedProgress = Progress & { lessonId: number };
