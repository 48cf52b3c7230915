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
