/**
 * The studio's screens for what issue 28 left without one: a product's setup (type, images,
 * on the site), a course's outline (levels and lessons in order by buttons, free previews,
 * minutes with the video's length beside them), a suit's free lessons (the owner's), and new
 * variants, levels and lessons made from their lists (the owner alone gives a price).
 */
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { ApiError } from "../../lib/api";
import type { Me } from "../api";
import type { Entry } from "./editing-api";
import { storedDocument } from "./documents";
import { newEntryFields } from "./new-entry-form";
import { EDITOR, OWNER, showStudio, type Call } from "../../testing/studio-screens";

const summary = (key: string, title: string, extra: Record<string, unknown> = {}) => ({ key, title, live: true, translated: true, drafted: false, path: null, ...extra });
const LEVELS = [summary("level-1", "Getting used to water"), summary("level-2", "Floating")];
const LESSONS = [summary("l1-a", "Blowing bubbles", { videoMs: 420_000 }), summary("l1-b", "Face in the water", { videoMs: null }), summary("l2-a", "Star float", { videoMs: 90_000 })];
const entry = (collection: Entry["collection"], key: string, document: Record<string, unknown>): Entry => ({
  collection,
  key,
  locale: "",
  document,
  revision: 2,
  savedBy: "editor",
  savedAt: "2026-11-29T09:00:00Z",
  live: document,
  publishedRevision: 2,
  publishAt: null,
  scheduleRefused: null,
  missing: [],
});
const OUTLINE = entry("course-outline", "learn-to-swim", {
  published: true,
  position: 0,
  levels: [
    { key: "level-1", lessons: [{ key: "l1-a", freePreview: true, minutes: null }, { key: "l1-b", freePreview: false, minutes: 12 }] },
    { key: "level-2", lessons: [{ key: "l2-a", freePreview: false, minutes: null }] },
  ],
});
const SETUP = entry("product-setup", "splash-float-suit", { type: "physical", images: { blue: { src: "/media/suit-blue.webp", width: 800, height: 1000 } }, position: 1, minAgeYears: 3, published: true });
const FREE = entry("free-lessons", "splash-float-suit", { lessons: ["l1-a"] });

function show(me: Me, at: string, refuse?: ApiError) {
  return showStudio(me, at, async (method, path) => {
    if (method === "GET" && path === "/content/level") return { data: LEVELS };
    if (method === "GET" && path === "/content/lesson") return { data: LESSONS };
    if (method === "GET" && path === "/content/course") return { data: [summary("learn-to-swim", "Learn to swim")] };
    if (method === "GET" && path === "/content/product-setup") return { data: [summary("splash-float-suit", "splash-float-suit")] };
    if (method === "GET" && path === "/content/variant") return { data: [summary("spl-fs-blue-m", "splash-float-suit blue M")] };
    if (method === "GET" && path === "/content/course-outline/learn-to-swim") return { data: OUTLINE };
    if (method === "GET" && path === "/content/product-setup/splash-float-suit") return { data: SETUP };
    if (method === "GET" && path === "/content/free-lessons/splash-float-suit") return { data: FREE };
    if (method === "GET" && path.endsWith("/versions")) return { data: [] };
    if (method === "PUT") return { data: { revision: 3, savedBy: me.staff.name, savedAt: "2026-11-29T10:00:00Z", publishAt: null } };
    if (method === "POST" && refuse) throw refuse;
    if (method === "POST") return { data: entry("variant", "x", {}) };
    throw new Error(`not expected: ${method} ${path}`);
  });
}

const saveNow = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save now" }));
  });
};
const saved = (calls: Call[]) => calls.filter((call) => call.method === "PUT").map((call) => (call.options?.body as { document: Record<string, unknown> }).document);

describe("the course outline", () => {
  test("shows levels and lessons by title, with each video's length beside the minutes", async () => {
    await show(EDITOR, "/studio/content/course-outline/learn-to-swim");
    const levels = screen.getByRole("list", { name: "Levels in order" });
    expect(within(levels).getByRole("group", { name: "Level 1: Getting used to water" })).toBeTruthy();
    const first = screen.getByRole("list", { name: "Lessons of Getting used to water" });
    expect(within(first).getByText("Blowing bubbles")).toBeTruthy();
    expect((within(first).getAllByLabelText("Minutes")[1] as HTMLInputElement).value).toBe("12");
    expect(within(first).getByText("Empty: the video's length (video: 7 min). At most 180.")).toBeTruthy();
    expect(within(first).getByText("Empty: the video's length (no video yet). At most 180.")).toBeTruthy();
    expect((within(first).getAllByRole("checkbox", { name: "Free preview" })[0] as HTMLInputElement).checked).toBe(true);
  });

  test("moves a lesson down by its button, keeps the focus on it and saves the new order", async () => {
    const calls = await show(EDITOR, "/studio/content/course-outline/learn-to-swim");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Move Blowing bubbles down" }));
    });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Blowing bubbles up" }));
    expect(screen.getByText("Blowing bubbles moved to position 2 of 2.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Move Floating up" }));
    });
    await act(async () => {
      fireEvent.click(within(screen.getByRole("list", { name: "Lessons of Floating" })).getByRole("checkbox", { name: "Free preview" }));
    });
    await saveNow();
    const [outline] = saved(calls);
    expect(outline?.levels).toEqual([
      { key: "level-2", lessons: [{ key: "l2-a", freePreview: true, minutes: null }] },
      { key: "level-1", lessons: [{ key: "l1-b", freePreview: false, minutes: 12 }, { key: "l1-a", freePreview: true, minutes: null }] },
    ]);
  });

  test("moves a lesson to the end of another level by its level field, the focus following it", async () => {
    const calls = await show(EDITOR, "/studio/content/course-outline/learn-to-swim");
    const first = screen.getByRole("list", { name: "Lessons of Getting used to water" });
    await act(async () => {
      fireEvent.change(within(first).getAllByLabelText("Level")[0] as HTMLSelectElement, { target: { value: "level-2" } });
    });
    const floating = screen.getByRole("list", { name: "Lessons of Floating" });
    const moved = within(floating).getAllByLabelText("Level")[1] as HTMLSelectElement;
    expect(moved.value).toBe("level-2");
    expect(document.activeElement).toBe(moved);
    expect(screen.getByText("Blowing bubbles moved to the end of Floating.")).toBeTruthy();
    await saveNow();
    expect(saved(calls)[0]?.levels).toEqual([
      { key: "level-1", lessons: [{ key: "l1-b", freePreview: false, minutes: 12 }] },
      { key: "level-2", lessons: [{ key: "l2-a", freePreview: false, minutes: null }, { key: "l1-a", freePreview: true, minutes: null }] },
    ]);
  });

  test("typed minutes go as a number; 181 is refused at the field and not sent", async () => {
    const calls = await show(EDITOR, "/studio/content/course-outline/learn-to-swim");
    const star = within(screen.getByRole("list", { name: "Lessons of Floating" })).getByLabelText("Minutes");
    await act(async () => {
      fireEvent.change(star, { target: { value: "181" } });
    });
    expect(await screen.findByText("Type minutes from 1 to 180, or leave it empty.")).toBeTruthy();
    await saveNow();
    expect(saved(calls)).toEqual([]);
    await act(async () => {
      fireEvent.change(star, { target: { value: "9" } });
    });
    await saveNow();
    expect((saved(calls)[0]?.levels as { lessons: { minutes: unknown }[] }[])[1]?.lessons[0]?.minutes).toBe(9);
  });
});

describe("a product's setup", () => {
  test("its kind, place, images and whether it is on the site, saved as the API takes them", async () => {
    const calls = await show(EDITOR, "/studio/content/product-setup/splash-float-suit");
    expect((screen.getByLabelText("Kind of product") as HTMLSelectElement).value).toBe("physical");
    expect(screen.getByRole("group", { name: "Image blue" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("checkbox", { name: "On the site" }));
      fireEvent.change(screen.getByLabelText("New image's key"), { target: { value: "pink" } });
      fireEvent.click(screen.getByRole("button", { name: "Add image" }));
    });
    const pink = screen.getByRole("group", { name: "Image pink" });
    await act(async () => {
      fireEvent.change(within(pink).getByLabelText(/^Image address/), { target: { value: "/media/suit-pink.webp" } });
      fireEvent.change(within(pink).getByLabelText("Width in pixels"), { target: { value: "800" } });
      fireEvent.change(within(pink).getByLabelText("Height in pixels"), { target: { value: "1000" } });
    });
    await saveNow();
    expect(saved(calls)[0]).toEqual({
      type: "physical",
      images: { blue: { src: "/media/suit-blue.webp", width: 800, height: 1000 }, pink: { src: "/media/suit-pink.webp", width: 800, height: 1000 } },
      position: 1,
      minAgeYears: 3,
      published: false,
    });
  });

  test("an image key that is taken is said at the field", async () => {
    await show(EDITOR, "/studio/content/product-setup/splash-float-suit");
    await act(async () => {
      fireEvent.change(screen.getByLabelText("New image's key"), { target: { value: "blue" } });
      fireEvent.click(screen.getByRole("button", { name: "Add image" }));
    });
    expect(screen.getByText("There is already an entry with this key.")).toBeTruthy();
  });
});

describe("a suit's free lessons", () => {
  test("the owner ticks the lessons it gives away", async () => {
    const calls = await show(OWNER, "/studio/content/free-lessons/splash-float-suit");
    const group = screen.getByRole("group", { name: "Lessons this suit gives away" });
    expect(within(group).getAllByRole("checkbox").map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false]);
    await act(async () => {
      fireEvent.click(within(group).getByRole("checkbox", { name: "Star float" }));
    });
    await saveNow();
    expect(saved(calls)).toEqual([{ lessons: ["l1-a", "l2-a"] }]);
  });

  test("an editor is not offered them", async () => {
    await show(EDITOR, "/studio/content/free-lessons/splash-float-suit");
    expect(screen.getByRole("heading", { name: "Not for your role" })).toBeTruthy();
  });
});

describe("new entries from the lists", () => {
  const fill = async (label: string | RegExp, value: string) => {
    await act(async () => {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    });
  };
  const create = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
    });
  };

  test("the owner makes a variant with its price in euros; the API gets cents", async () => {
    const calls = await show(OWNER, "/studio/content/variant");
    const form = screen.getByRole("form", { name: "New variant" });
    await fill(/^Key/, "spl-fs-blue-3xl");
    await fill("Product", "splash-float-suit");
    await fill("Colour", "blue");
    await fill("Size", "xxxl");
    await fill(/^Price in euros/, "54,95");
    expect(form).toBeTruthy();
    await create();
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe("/content/variant");
    expect(posts[0]?.options?.query).toEqual({ locale: "" });
    expect(posts[0]?.options?.body).toEqual({ key: "spl-fs-blue-3xl", fields: { product: "splash-float-suit", colour: "blue", size: "xxxl", price: 5495 } });
  });

  test("an editor's new variant form has no price field", async () => {
    await show(EDITOR, "/studio/content/variant");
    expect(screen.getByRole("form", { name: "New variant" })).toBeTruthy();
    expect(screen.queryByLabelText(/^Price in euros/)).toBeNull();
  });

  test("a taken SKU (409) is said at the key", async () => {
    const taken = new ApiError({ data: null, error: { status: 409, name: "ConflictError", message: "taken", details: { errors: [{ path: ["key"], message: "taken", name: "ValidationError" }] } } });
    await show(EDITOR, "/studio/content/variant", taken);
    await fill(/^Key/, "spl-fs-blue-m");
    await fill("Product", "splash-float-suit");
    await fill("Colour", "blue");
    await fill("Size", "m");
    await create();
    expect(screen.getByLabelText(/^Key/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("There is already an entry with this key.")).toBeTruthy();
  });

  test("a new lesson with its level, title and minutes, in the list's language", async () => {
    const calls = await show(EDITOR, "/studio/content/lesson?locale=en");
    await fill(/^Key/, "l2-b");
    await fill("Level", "level-2");
    await fill("Title", "Back float");
    await fill(/^Minutes/, "8");
    await create();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.options?.query).toEqual({ locale: "en" });
    expect(post?.options?.body).toEqual({ key: "l2-b", fields: { level: "level-2", title: "Back float", minutes: 8 } });
  });

  test("a new level with no title or course is refused before anything is sent", async () => {
    const calls = await show(EDITOR, "/studio/content/level?locale=nl");
    await fill(/^Key/, "level-3");
    await create();
    expect(screen.getByText("Fill this in.")).toBeTruthy();
    expect(screen.getByText("Choose one.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});

test("the fields of a new entry as the API takes them, or what the browser refuses", () => {
  expect(newEntryFields("lesson", { key: "a", level: "level-1", title: " Dive ", minutes: "" }, false)).toEqual({ fields: { level: "level-1", title: "Dive" } });
  expect(newEntryFields("lesson", { key: "a", level: "level-1", title: "Dive", minutes: "0" }, false)).toEqual({ errors: { minutes: "minutes" } });
  expect(newEntryFields("level", { key: "Bad Key", course: "c", title: "T", price: "12" }, true)).toEqual({ errors: { key: "newKeyFormat" } });
  expect(newEntryFields("level", { key: "l", course: "c", title: "T", price: "12,50" }, true)).toEqual({ fields: { course: "c", title: "T", price: 1250 } });
  expect(newEntryFields("variant", { key: "v", product: "p", colour: "", size: "m", price: "x" }, true)).toEqual({ errors: { colour: "choose", price: "euros" } });
  expect(storedDocument("course-outline", { published: true, position: "2", levels: [{ key: "a", lessons: [{ key: "b", freePreview: false, minutes: "" }] }] })).toEqual({
    published: true,
    position: 2,
    levels: [{ key: "a", lessons: [{ key: "b", freePreview: false, minutes: null }] }],
  });
});
