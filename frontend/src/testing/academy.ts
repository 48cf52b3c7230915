/**
 * Helpers for the academy's tests (imported by *.test.tsx only): the fixture course as the page
 * payload carries it (English texts, list prices: lesson €4.95, level €14.95, bundle €34.95) and
 * a signed-in parent's view of it as GET /courses/{id}/me answers it.
 */
import type { ContinueAt, CourseData, CourseMe, LessonData, LevelData, Offer } from "../features/academy/types";

export const COURSE_ID = 1;
const IMAGE = { src: "/media/academy/course.webp", width: 1200, height: 800, alt: "A child floating in a Splash float suit" };

const LEVEL_TITLES = ["Getting used to the water", "Floating and gliding", "First strokes"];
const LESSON_TITLES = [
  ["Splashing together", "Blowing bubbles", "Face in the water", "Jumping in"],
  ["Floating on your back", "The star float", "Gliding from the wall", "Kicking legs"],
  ["Arm strokes", "Breathing in rhythm", "Swimming to the wall", "Your first length"],
];

/** Variant ids: the bundle 100, level n 100 + 10n, lesson m of level n 100 + 10n + m. */
export function offer(kind: Offer["kind"], variantId: number, overrides: Partial<Offer> = {}): Offer {
  const prices = { lesson: [495, 495, 0], level: [1495, 1980, 485], bundle: [3495, 4485, 990] }[kind];
  return { variantId, kind, price: prices[0] ?? 0, listPrice: prices[0] ?? 0, parts: prices[1] ?? 0, saving: prices[2] ?? 0, owned: false, ...overrides };
}

function lesson(level: number, number: number): LessonData {
  const title = LESSON_TITLES[level - 1]?.[number - 1] ?? "";
  const id = (level - 1) * 4 + number;
  return {
    id,
    key: `level-${level}-lesson-${number}`,
    slug: title.toLowerCase().replace(/ /g, "-"),
    path: `/academy/learn-to-swim/${title.toLowerCase().replace(/ /g, "-")}`,
    number,
    title,
    description: `In “${title}” you practise together in the water.`,
    durationMs: 7000, // the fixture videos' length
    freePreview: id === 1 || id === 5,
    freeWithSuit: level === 1,
    poster: { src: `/media/academy/posters/level-${level}-lesson-${number}.webp`, width: 1280, height: 720, alt: `Poster of ${title}` },
    offer: offer("lesson", 100 + 10 * level + number),
  };
}

function level(number: number): LevelData {
  return {
    id: number,
    key: `level-${number}`,
    number,
    title: LEVEL_TITLES[number - 1] ?? "",
    description: `Level ${number} in four short lessons.`,
    lessonCount: 4,
    durationMs: 28_000,
    freeWithSuit: number === 1,
    offer: offer("level", 100 + 10 * number),
    lessons: [1, 2, 3, 4].map((lessonNumber) => lesson(number, lessonNumber)),
  };
}

export function courseFixture(overrides: Partial<CourseData> = {}): CourseData {
  return {
    id: COURSE_ID,
    key: "learn-to-swim",
    slug: "learn-to-swim",
    path: "/academy/learn-to-swim",
    title: "Learn to swim with Splash",
    intro: "Twelve short video lessons in three levels.",
    description: [{ type: "paragraph", children: [{ type: "text", text: "Practise at your own pace in any pool." }] }],
    image: IMAGE,
    lessonCount: 12,
    durationMs: 84_000,
    levels: [1, 2, 3].map(level),
    bundle: offer("bundle", 100),
    localizations: [{ locale: "nl", path: "/academy/leren-zwemmen" }],
    seo: { title: "Learn to swim with Splash", description: "Video swimming lessons", image: null },
    ...overrides,
  };
}

export const CONTINUE_AT: ContinueAt = {
  lessonId: 2,
  title: "Blowing bubbles",
  path: "/academy/learn-to-swim/blowing-bubbles",
  positionMs: 4000,
  durationMs: 8000,
  poster: { src: "/media/academy/posters/level-1-lesson-2.webp", width: 1280, height: 720, alt: "Poster of Blowing bubbles" },
  access: "owned",
};

/**
 * A parent who owns level 1 (a float suit) and completed its first lesson: level 1 is owned,
 * the bundle costs what levels 2 and 3 cost together less the saving (€23.30 instead of €29.90).
 */
export function meFixture(overrides: Partial<CourseMe> = {}): CourseMe {
  const course = courseFixture();
  const lessons = course.levels.flatMap((entry) => entry.lessons);
  return {
    courseId: COURSE_ID,
    lessons: lessons.map((entry) => ({
      lessonId: entry.id,
      access: entry.id <= 4 ? "owned" : entry.freePreview ? "preview" : "locked",
      positionMs: entry.id === 2 ? 4000 : 0,
      completed: entry.id === 1,
    })),
    levels: course.levels.map((entry) => ({
      levelId: entry.id,
      completedLessons: entry.number === 1 ? 1 : 0,
      lessonCount: 4,
      offer: entry.number === 1 ? { ...entry.offer, price: 0, parts: 0, saving: 0, owned: true } : entry.offer,
    })),
    bundle: offer("bundle", 100, { price: 2330, parts: 2990, saving: 660 }),
    lessonOffers: lessons.map((entry) => (entry.id <= 4 ? { ...entry.offer, owned: true } : entry.offer)),
    continue: CONTINUE_AT,
    ...overrides,
  };
}
