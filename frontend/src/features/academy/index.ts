import { lazy } from "react";
// With the app's CSS (course pages and the academy's blocks are published as HTML); only the code loads lazily.
import "./academy.css";

// ── The course page and the academy blocks (course part) ──
export type { CourseData } from "./types";

/** The course page: its own chunk, loaded on course pages only. */
export const CoursePage = lazy(() => import("./components/course-page").then((module) => ({ default: module.CoursePage })));

// The academy blocks share one small chunk, loaded on pages that show them.
const blocks = () => import("./components/academy-blocks");
export const AcademyItemBlock = lazy(() => blocks().then((module) => ({ default: module.AcademyItemBlock })));
export const ChildCoursesBlock = lazy(() => blocks().then((module) => ({ default: module.ChildCoursesBlock })));


// --- the lesson page and its player (the lesson helper's block) ---------------------------------
// With the app's CSS (lesson pages are published as HTML); the page's code, and the player's
// (hls.js, media-chrome) in a chunk of its own, load lazily.
import "./lesson/lesson.css";

export type { LessonData } from "./lesson/types";

/** The lesson page: its own chunk, loaded on lesson pages only. */
export const LessonPage = lazy(() => import("./lesson/components/lesson-page").then((module) => ({ default: module.LessonPage })));
