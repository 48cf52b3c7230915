/**
 * The course page's view: the published course until (and unless) a signed-in parent's own view
 * arrives after hydration (never on the server, so the first render matches the published HTML).
 */
import { useAuth } from "../../../lib/auth";
import { useLiveRead } from "../../../lib/live-read";
import { getCourseMe } from "../api/get-course-me";
import type { CourseData } from "../types";
import { courseView, type CourseView } from "../utils/course-view";

/** `signedOut`: true for a guest, false for a parent, null while the session is not known yet (server HTML, hydration). */
export function useCourseView(course: CourseData): CourseView & { signedOut: boolean | null } {
  const { status, user } = useAuth();
  const key = status === "signed-in" && user ? `${user.id}:${course.id}` : "";
  const live = useLiveRead(key, (signal) => getCourseMe(course.id, undefined, signal));
  return { ...courseView(course, key ? (live.current?.data ?? null) : null), signedOut: status === "signed-in" ? false : status === "signed-out" ? true : null };
}
