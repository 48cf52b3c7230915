import { describe, expect, test } from "vitest";
import { courseFixture, meFixture, offer } from "../../../testing/academy";
import { courseView, offerState, percentWatched } from "./course-view";

describe("courseView", () => {
  test("published (nobody signed in): free previews play, everything else is locked, list prices, no progress", () => {
    const view = courseView(courseFixture(), null);
    const access = view.levels.map((level) => level.lessons.map((lesson) => lesson.access));
    expect(access).toEqual([
      ["preview", "locked", "locked", "locked"],
      ["preview", "locked", "locked", "locked"],
      ["locked", "locked", "locked", "locked"],
    ]);
    expect(view.levels.map((level) => level.completedLessons)).toEqual([null, null, null]);
    expect(view.bundle).toEqual(offer("bundle", 100));
    expect(view).toMatchObject({ continueAt: null, personal: false });
  });

  test("the parent's view replaces prices, access and progress, lesson offers in course order", () => {
    const view = courseView(courseFixture(), meFixture());
    expect(view.personal).toBe(true);
    expect(view.bundle).toMatchObject({ price: 2330, saving: 660 });
    expect(view.levels[0]?.offer.owned).toBe(true);
    expect(view.levels[0]?.lessons.map((lesson) => [lesson.access, lesson.completed, lesson.offer.owned])).toEqual([
      ["owned", true, true],
      ["owned", false, true],
      ["owned", false, true],
      ["owned", false, true],
    ]);
    expect(view.levels[1]?.lessons[1]).toMatchObject({ access: "locked", offer: { variantId: 122, owned: false } });
    expect(view.levels.map((level) => level.completedLessons)).toEqual([1, 0, 0]);
    expect(view.levels[0]?.lessons[1]?.positionMs).toBe(4000);
    expect(view.continueAt?.title).toBe("Blowing bubbles");
  });

  test("a view of another course is not laid over this one", () => {
    expect(courseView(courseFixture(), meFixture({ courseId: 99 })).personal).toBe(false);
  });
});

describe("offerState", () => {
  const level2 = offer("level", 120);
  test("owned, in the cart, or to buy", () => {
    expect(offerState({ ...level2, owned: true }, [{ variantId: 120, quantity: 1, options: [] }])).toBe("owned");
    expect(offerState(level2, [{ variantId: 120, quantity: 1, options: [] }])).toBe("in-cart");
    expect(offerState(level2, [{ variantId: 130, quantity: 1, options: [] }])).toBe("buy");
    expect(offerState(level2, [])).toBe("buy");
  });
});

describe("percentWatched", () => {
  test.each([
    [4000, 8000, 50],
    [0, 8000, 0],
    [9000, 8000, 100],
    [1000, null, 0],
    [1000, 0, 0],
  ])("%i ms of %s ms is %i%%", (position, duration, percent) => {
    expect(percentWatched(position, duration)).toBe(percent);
  });
});
