/** The lesson page's data, as contracts/academy-api.md publishes it (payload key `lesson`). */
import type { LessonPayload } from "../../../lib/payload-types";
import type { LessonAccess } from "../../../lib/vocabulary";
import type { Offer } from "../types";

export type { Caption, LessonLink, LessonVideo } from "../../../lib/payload-types";
export type { Offer };

/** A course page's lesson, with what its own page adds: generated from the backend's model. */
export type LessonData = LessonPayload;

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
