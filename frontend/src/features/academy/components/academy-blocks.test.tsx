import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { fakeApi } from "../../../testing/auth";
import { renderWithCart, resetCartTestState } from "../../../testing/cart";
import { courseFixture, offer } from "../../../testing/academy";
import type { CourseCard, LevelCard } from "../types";
import { AcademyItemBlock, ChildCoursesBlock } from "./academy-blocks";

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

afterEach(() => resetCartTestState());

const course = courseFixture();
const CARD: CourseCard = {
  id: course.id,
  key: course.key,
  title: course.title,
  intro: course.intro,
  image: course.image,
  path: course.path,
  lessonCount: 12,
  durationMs: 84_000,
  levelCount: 3,
  bundle: offer("bundle", 100),
};
const LEVELS: LevelCard[] = course.levels.map((level) => ({
  id: level.id,
  key: level.key,
  number: level.number,
  title: level.title,
  description: level.description,
  lessonCount: level.lessonCount,
  durationMs: level.durationMs,
  freeWithSuit: level.freeWithSuit,
  path: `${course.path}#level-${level.number}`,
  offer: level.offer,
}));

describe("AcademyItemBlock", () => {
  test("a course card: title, intro, lessons and their videos' length, the bundle's price and saving, a link to the course", () => {
    fakeApi({});
    renderWithCart(<AcademyItemBlock block={{ type: "academy-item", course: "learn-to-swim", entry: CARD }} />);
    const card = screen.getByRole("region", { name: "Learn to swim with Splash" });
    expect(card.querySelector(".course-card__facts")?.textContent).toBe("3 levels · 12 lessons · 1 min 24 secs");
    expect(card.querySelector(".course-card__facts time")?.getAttribute("datetime")).toBe("PT1M24S");
    expect(plain(card.querySelector(".course-card__price")?.textContent)).toBe("The whole course: €34.95 instead of €44.85 Save €9.90");
    expect(within(card).getByRole("link", { name: "View the course “Learn to swim with Splash”" }).getAttribute("href")).toBe("/academy/learn-to-swim");
    expect(within(card).getByRole("img", { name: "A child floating in a Splash float suit" })).toBeTruthy();
  });

  test("in Swedish, and nothing for a course that is not published", () => {
    fakeApi({});
    const { container, rerender } = renderWithCart(<AcademyItemBlock block={{ type: "academy-item", course: "learn-to-swim", entry: CARD }} />, { locale: "sv" });
    expect(container.querySelector(".course-card__facts")?.textContent).toBe("3 nivåer · 12 lektioner · 1 min 24 s");
    expect(plain(container.querySelector(".offer-price__saving")?.textContent)).toBe("Spara 9,90 €");
    rerender(<AcademyItemBlock block={{ type: "academy-item", course: "learn-to-swim", entry: null }} />);
    expect(container.querySelector(".block-academy-item")).toBeNull();
  });
});

describe("ChildCoursesBlock", () => {
  test("a card per level: lessons and their length, price and saving, the free-with-suit badge, a link to the level's anchor", () => {
    fakeApi({});
    renderWithCart(<ChildCoursesBlock block={{ type: "child-courses", title: "The levels", entries: LEVELS }} />);
    const section = screen.getByRole("region", { name: "The levels" });
    const cards = within(section).getAllByRole("listitem");
    expect(cards).toHaveLength(3);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole("link", { name: "Level 1: Getting used to the water" }).getAttribute("href")).toBe("/academy/learn-to-swim#level-1");
    expect(first.querySelector(".level-card__facts")?.textContent).toBe("4 lessons · 28 secs");
    expect(within(first).getByText("Free with every float suit")).toBeTruthy();
    expect(plain(first.querySelector(".level-card__price")?.textContent)).toBe("€14.95 instead of €19.80 Save €4.85");
    expect(within(cards[1] as HTMLElement).queryByText("Free with every float suit")).toBeNull();
  });

  test("without a title of its own it is called 'The levels' in the page's language; no entries, nothing", () => {
    fakeApi({});
    const { container, rerender } = renderWithCart(<ChildCoursesBlock block={{ type: "child-courses", entries: LEVELS }} />, { locale: "de" });
    expect(screen.getByRole("heading", { level: 2, name: "Die Stufen" })).toBeTruthy();
    expect(container.querySelector(".level-card__facts")?.textContent).toBe("4 Lektionen · 28 Sek.");
    expect(plain(container.querySelector(".level-card__price")?.textContent)).toBe("14,95 € statt 19,80 € Spare 4,85 €");
    rerender(<ChildCoursesBlock block={{ type: "child-courses", entries: [] }} />);
    expect(container.querySelector(".block-child-courses")).toBeNull();
  });
});
