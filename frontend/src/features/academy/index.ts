import { preloadable } from "../../lib/preloadable";
// With the app's CSS (course pages and the academy's blocks are published as HTML); only the code loads lazily.
import "./academy.css";

// ── The course page and the academy blocks (course part) ──
export type { CourseData } from "./types";

/** The course page: its own chunk, loaded on course pages only. */
export const CoursePage = preloadable(() => import("./components/course-page").then((module) => module.CoursePage));

// The academy blocks share one small chunk, loaded on pages that show them.
const blocks = () => import("./components/academy-blocks");
export const AcademyItemBlock = preloadable(() => blocks().then((module) => module.AcademyItemBlock));
export const ChildCoursesBlock = preloadable(() => blocks().then((module) => module.ChildCoursesBlock));


// --- the lesson page and its player (the lesson helper's block) ---------------------------------
// With the app's CSS (lesson pages are published as HTML); the page's code, and the player's
// (hls.js, media-chrome) in a chunk of its own, load lazily.
import "./lesson/lesson.css";

export type { LessonData } from "./lesson/types";

/** The lesson page: its own chunk, loaded on lesson pages only. */
export const LessonPage = preloadable(() => import("./lesson/components/lesson-page").then((module) => module.LessonPage));
