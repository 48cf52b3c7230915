/**
 * The academy as the API sends it (contracts/academy-api.md): the published course page (generated
 * from the backend's models, src/lib/payload-types.ts), its blocks' cards, and the signed-in
 * parent's view of a course. Money in cents (VAT included).
 */
import type {
  AcademyItemBlockData as AcademyItemBlock,
  ChildCoursesBlockData as ChildCoursesBlock,
  CoursePayload,
  LessonCard,
  LevelPayload,
  OfferPublic,
} from "../../lib/payload-types";
import type { LessonAccess } from "../../lib/vocabulary";
import type { ImageData } from "../../ui/rich-text-types";

/** What one unlock button sells, priced for the buyer (a published page: list prices). */
export type Offer = OfferPublic;

/** A course page's lesson. */
export type LessonData = LessonCard;

export type LevelData = LevelPayload;

/** `payload.course` of a course page (/academy/{slug}, /course/{slug}). */
export type CourseData = CoursePayload;

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

/** The server adds the course's card (`entry`) and the level cards (`entries`). */
export type AcademyItemBlockData = AcademyItemBlock & { entry?: CourseCard | null };
export type ChildCoursesBlockData = ChildCoursesBlock & { entries?: LevelCard[] };
