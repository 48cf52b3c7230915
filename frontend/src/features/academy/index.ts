import { lazy } from "react";

// --- the lesson page and its player (the lesson helper's block) ---------------------------------
// With the app's CSS (lesson pages are published as HTML); the page's code, and the player's
// (hls.js, media-chrome) in a chunk of its own, load lazily.
import "./lesson/lesson.css";

export type { LessonData } from "./lesson/types";

/** The lesson page: its own chunk, loaded on lesson pages only. */
export const LessonPage = lazy(() => import("./lesson/components/lesson-page").then((module) => ({ default: module.LessonPage })));
