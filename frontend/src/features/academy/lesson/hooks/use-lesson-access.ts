/**
 * After hydration, who may watch the lesson: GET /lessons/{id}/access, once the auth store knows
 * whether a parent is signed in (their token decides). Never on the server; again after sign-in or
 * sign-out, and on `retry`.
 */
import { useState } from "react";
import type { AuthStatus } from "../../../../lib/auth";
import { useLiveRead, type LiveRead } from "../../../../lib/live-read";
import { getLessonAccess } from "../api/get-lesson-access";
import type { LessonAccessData } from "../types";

export type LessonAccessRead = LiveRead<LessonAccessData> & { retry: () => void };

export function useLessonAccess(lessonId: number, auth: AuthStatus): LessonAccessRead {
  const [tries, setTries] = useState(0);
  const key = auth === "unknown" ? "" : `${lessonId}:${auth}:${tries}`;
  const read = useLiveRead(key, (signal) => getLessonAccess(lessonId, undefined, signal).then((answer) => answer.data));
  return { ...read, retry: () => setTries((count) => count + 1) };
}
