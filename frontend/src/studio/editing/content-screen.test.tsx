/** The content lists: what a role is offered, and a language's list with its missing translations. */
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Me } from "../api";
import type { EntrySummary } from "./editing-api";
import { mayEdit } from "./entry-screen";
import { EDITOR, OWNER, showStudio } from "../../testing/studio-screens";

const ARTICLE: EntrySummary = {
  key: "first-swimming-lesson",
  title: "De eerste zwemles",
  live: true,
  translated: true,
  drafted: false,
  path: null,
  category: "learning-to-swim",
  date: "2026-09-14T08:00:00Z",
};

const pages: Record<string, EntrySummary[]> = {
  nl: [
    { key: "about", title: "Over ons", live: true, translated: true, drafted: true, path: "/over-ons" },
    { key: "team", title: "Ons team", live: true, translated: true, drafted: false, path: "/over-ons/team" },
  ],
  de: [
    { key: "about", title: "Über uns", live: true, translated: true, drafted: false, path: "/ueber-uns" },
    { key: "team", title: "Ons team", live: false, translated: false, drafted: false, path: null },
  ],
};

function show(me: Me, at: string) {
  return showStudio(me, at, async (_method, path, options) => ({
    data: path === "/content/article" ? [ARTICLE] : (pages[String(options?.query?.locale)] ?? []),
  }));
}

describe("rights", () => {
  test("an editor is offered pages, articles and menus; the settings and the banner are the owner's", async () => {
    expect(mayEdit(EDITOR.permissions, "page")).toBe(true);
    expect(mayEdit(EDITOR.permissions, "settings")).toBe(false);
    expect(mayEdit(EDITOR.permissions, "banner")).toBe(false);
    expect(mayEdit(OWNER.permissions, "settings")).toBe(true);
    await show(EDITOR, "/studio/content");
    const kinds = screen.getByRole("navigation", { name: "Kinds of content" });
    expect(within(kinds).getAllByRole("link").map((link) => link.textContent)).toEqual(["Pages", "Blog articles", "Menus", "Products", "Product setup", "Variants", "Size guides", "Courses", "Course outlines", "Levels", "Lessons"]);
  });

  test("the owner is offered the settings and the banner too", async () => {
    await show(OWNER, "/studio/content");
    const kinds = screen.getByRole("navigation", { name: "Kinds of content" });
    expect(within(kinds).getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Pages",
      "Blog articles",
      "Menus",
      "Site settings",
      "Banner",
      "Products",
      "Product setup",
      "Variants",
      "Prices",
      "Size guides",
      "Courses",
      "Course outlines",
      "Levels",
      "Lessons",
      "Academy offers",
      "Free lessons with a suit",
    ]);
  });

  test("an editor who opens the settings' address gets no list and no call but the rights", async () => {
    const calls = await show(EDITOR, "/studio/content/settings");
    expect(screen.getByRole("heading", { name: "Not for your role" })).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(["/content/collections"]);
  });
});

describe("a language's list", () => {
  test("German pages: the tree's order, a missing translation marked, the overview counting it", async () => {
    await show(EDITOR, "/studio/content/page?locale=de");
    const table = screen.getByRole("table", { name: "2 pages in German" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual([
      "TitleAddressState",
      "Über uns/ueber-unson the site",
      "Ons team–translation missing",
    ]);
    expect(within(table).getByRole("link", { name: "Über uns" }).getAttribute("href")).toBe("/studio/content/page/about?locale=de");
    const overview = screen.getByRole("table", { name: /^Each entry in each language/ });
    expect(within(overview).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Title",
      "Dutch",
      "English (2 missing)",
      "German (1 missing)",
      "Spanish (2 missing)",
      "French (2 missing)",
      "Swedish (2 missing)",
    ]);
    const about = within(overview).getAllByRole("row")[1] as HTMLElement;
    expect(within(about).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "changes not published",
      "translation missing",
      "on the site",
      "translation missing",
      "translation missing",
      "translation missing",
    ]);
  });
});

test("articles are listed with their category and the date they show", async () => {
  await show(EDITOR, "/studio/content/article?locale=nl");
  const table = screen.getByRole("table", { name: "1 article in Dutch" });
  expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Title", "Address", "Category", "Date", "State"]);
  const cells = within(within(table).getAllByRole("row")[1] as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent);
  expect(cells.slice(0, 2)).toEqual(["–", "learning-to-swim"]);
  expect(cells[2]).toMatch(/Sep 14, 2026/);
});
