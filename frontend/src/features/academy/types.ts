/**
 * The academy as the API sends it (contracts/academy-api.md): the published course page, its
 * blocks' cards, and the signed-in parent's view of a course. Money in cents (VAT included).
 */
import type { LessonAccess, OfferKind } from "../../lib/vocabulary";
import type { ImageData, RichText } from "../../ui/rich-text-types";

/** What one unlock button sells, priced for the buyer (a published page: list prices). */
export type Offer = {
  variantId: number;
  kind: OfferKind;
  price: number;
  listPrice: number;
  /** What the parts it unlocks cost one by one (the lessons of a level, the levels of the bundle). */
  parts: number;
  /** parts − price: 0 for a lesson. */
  saving: number;
  owned: boolean;
};

export type LessonData = {
  id: number;
  key: string;
  slug: string;
  path: string;
  number: number;
  title: string;
  description: string;
  /** How long its video lasts (a level's, a course's: all of them); null until every one is there. */
  durationMs: number | null;
  freePreview: boolean;
  freeWithSuit: boolean;
  poster: ImageData;
  offer: Offer;
};

export type LevelData = {
  id: number;
  key: string;
  number: number;
  title: string;
  description: string;
  lessonCount: number;
  /** How long its video lasts (a level's, a course's: all of them); null until every one is there. */
  durationMs: number | null;
  freeWithSuit: boolean;
  offer: Offer;
  lessons: LessonData[];
};

/** `payload.course` of a course page (/academy/{slug}, /course/{slug}). */
export type CourseData = {
  id: number;
  key: string;
  slug: string;
  path: string;
  title: string;
  intro: string;
  description: RichText;
  image: ImageData;
  lessonCount: number;
  /** How long its video lasts (a level's, a course's: all of them); null until every one is there. */
  durationMs: number | null;
  levels: LevelData[];
  bundle: Offer;
  localizations: { locale: string; path: string }[];
  seo: { title: string; description: string; image: string | null };
};

/** The lesson to go on with: the most recently watched unfinished one, or the next after the last completed. */
export type ContinueAt = {
  lessonId: number;
  title: string;
  path: string;
  positionMs: number;
  durationMs: number | null;
  poster: ImageData;
  access: LessonAccess;
};

/** GET /courses/{id}/me: the signed-in parent's prices, access and progress for a course. */
export type CourseMe = {
  courseId: number;
  lessons: { lessonId: number; access: LessonAccess; positionMs: number; completed: boolean }[];
  /** An offer is null where the course sells none (the published page's offer then stands). */
  levels: { levelId: number; completedLessons: number; lessonCount: number; offer: Offer | null }[];
  bundle: Offer | null;
  /** One per lesson, in course order. */
  lessonOffers: (Offer | null)[];
  continue: ContinueAt | null;
};

/** The academy-item block's course card (filled at publish time; null when not published). */
export type CourseCard = {
  id: number;
  key: string;
  title: string;
  intro: string;
  image: ImageData;
  path: string;
  lessonCount: number;
  /** How long its video lasts (a level's, a course's: all of them); null until every one is there. */
  durationMs: number | null;
  levelCount: number;
  bundle: Offer;
};

/** A child-courses block's level card; `path` is the course page's anchor of the level. */
export type LevelCard = {
  id: number;
  key: string;
  number: number;
  title: string;
  description: string;
  lessonCount: number;
  /** How long its video lasts (a level's, a course's: all of them); null until every one is there. */
  durationMs: number | null;
  freeWithSuit: boolean;
  path: string;
  offer: Offer;
};

export type AcademyItemBlockData = { type: "academy-item"; course: string; entry?: CourseCard | null };
export type ChildCoursesBlockData = { type: "child-courses"; title?: string; course?: string; entries?: LevelCard[] };
