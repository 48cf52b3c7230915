/**
 * The course page's view: the published course until (and unless) the visitor's own view arrives
 * after hydration (never on the server, so the first render matches the published HTML) — a
 * signed-in parent's, or, signed out, that of the browser that paid a guest's order.
 */
import { useAuth } from "../../../lib/auth";
import { readCookie } from "../../../lib/cookies";
import { useHydrated } from "../../../lib/hydration";
import { useLiveRead } from "../../../lib/live-read";
import { getCourseMe } from "../api/get-course-me";
import type { CourseData } from "../types";
import { courseView, type CourseView } from "../utils/course-view";

/**
 * Set (readable, "1") beside the HttpOnly pass when a guest places an order
 * (backend/splash/orders/device_passes.py): only then is the device's view worth asking for.
 */
export const DEVICE_PASS_HINT = "device_pass";

/**
 * What the hero tells a visitor who is not signed in: nothing yet (`pending`: the session or the
 * device's view is on its way), how owners sign in (`sign-in`), or that this device plays the
 * lessons its order bought (`device`). `none` for a signed-in parent.
 */
export type OwnerHint = "none" | "pending" | "sign-in" | "device";

export function useCourseView(course: CourseData): CourseView & { hint: OwnerHint } {
  const { status, user } = useAuth();
  const hydrated = useHydrated();
  // A cookie is read only once hydrated (the server's HTML has none).
  const onDevice = hydrated && status === "signed-out" && readCookie(DEVICE_PASS_HINT) === "1";
  const key = status === "signed-in" && user ? `${user.id}:${course.id}` : onDevice ? `device:${course.id}` : "";
  const live = useLiveRead(key, (signal) => getCourseMe(course.id, undefined, signal));
  const mine = key ? (live.current?.data ?? null) : null;
  let hint: OwnerHint = "sign-in";
  if (status === "signed-in") hint = "none";
  else if (status === "unknown" || (onDevice && live.busy)) hint = "pending";
  else if (onDevice && mine) hint = "device";
  return { ...courseView(course, mine), hint };
}
