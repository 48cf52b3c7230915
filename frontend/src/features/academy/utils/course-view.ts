/**
 * What the course page shows (pure): the published course, and — once a signed-in parent's view
 * (GET /courses/{id}/me) has arrived — their prices, access and progress laid over it. The
 * server computes every price and saving; nothing here does arithmetic on money.
 */
import type { CartLine } from "../../../lib/cart";
import type { LessonAccess } from "../../../lib/vocabulary";
import type { ContinueAt, CourseData, CourseMe, LessonData, LevelData, Offer } from "../types";

export type LessonView = LessonData & { access: LessonAccess; completed: boolean; positionMs: number };
export type LevelView = Omit<LevelData, "lessons"> & {
  lessons: LessonView[];
  /** Lessons watched to the end; null when nobody is signed in. */
  completedLessons: number | null;
};
export type CourseView = {
  levels: LevelView[];
  bundle: Offer;
  continueAt: ContinueAt | null;
  /** The buyer's view arrived: owned offers and progress are known. */
  personal: boolean;
};

/** A published page shows only what anyone may do: free previews play, the rest is locked. */
const publishedAccess = (lesson: LessonData): LessonAccess => (lesson.freePreview ? "preview" : "locked");

export function courseView(course: CourseData, me: CourseMe | null): CourseView {
  if (!me || me.courseId !== course.id) {
    return {
      levels: course.levels.map((level) => ({
        ...level,
        completedLessons: null,
        lessons: level.lessons.map((lesson) => ({ ...lesson, access: publishedAccess(lesson), completed: false, positionMs: 0 })),
      })),
      bundle: course.bundle,
      continueAt: null,
      personal: false,
    };
  }
  const lessons = new Map(me.lessons.map((entry) => [entry.lessonId, entry]));
  const levels = new Map(me.levels.map((entry) => [entry.levelId, entry]));
  let index = 0;
  return {
    levels: course.levels.map((level) => {
      const mine = levels.get(level.id);
      return {
        ...level,
        offer: mine?.offer ?? level.offer,
        completedLessons: mine?.completedLessons ?? 0,
        lessons: level.lessons.map((lesson) => {
          const state = lessons.get(lesson.id);
          const offer = me.lessonOffers[index++] ?? lesson.offer;
          return {
            ...lesson,
            offer,
            access: state?.access ?? publishedAccess(lesson),
            completed: state?.completed ?? false,
            positionMs: state?.positionMs ?? 0,
          };
        }),
      };
    }),
    bundle: me.bundle ?? course.bundle,
    continueAt: me.continue,
    personal: true,
  };
}

/** What an unlock button does: nothing to buy (owned), go to the cart (in it), or add to the cart. */
export type OfferState = "owned" | "in-cart" | "buy";

export function offerState(offer: Offer, lines: CartLine[]): OfferState {
  if (offer.owned) return "owned";
  return lines.some((line) => line.variantId === offer.variantId) ? "in-cart" : "buy";
}

/** How far into a lesson, 0–100 (whole percent); 0 when the length is not known. */
export function percentWatched(positionMs: number, durationMs: number | null): number {
  if (!durationMs || durationMs <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((positionMs / durationMs) * 100)));
}
