import { describe, expect, test } from "vitest";
import { differences, readable, sameDocument, valueAt, withValueAt } from "./document-paths";
import { formValues, fromLocalInput, localInput, storedDocument } from "./documents";
import { inTreeOrder } from "./content-screen";
import { added, indented, moved, outdented, placePath, removed, type MenuItem } from "./menu-items";
import { missingPerLanguage, overviewOf } from "./translation-overview";
import type { EntrySummary } from "./editing-api";

const item = (title: string, items: MenuItem[] = []): MenuItem => ({ key: title.toLowerCase(), title, path: `/${title.toLowerCase()}`, items });
const titles = (items: MenuItem[]): unknown[] => items.map((one) => (one.items.length ? [one.title, titles(one.items)] : one.title));

describe("documents by field path", () => {
  test("a value is read and replaced by the path the API names (blocks.1.title)", () => {
    const page = { title: "Over ons", blocks: [{ type: "hero", title: "A" }, { type: "text", title: "B" }] };
    expect(valueAt(page, "blocks.1.title")).toBe("B");
    expect(valueAt(page, "blocks.5.title")).toBeUndefined();
    const changed = withValueAt(page, "blocks.1.title", "C");
    expect(changed.blocks[1]).toEqual({ type: "text", title: "C" });
    expect(page.blocks[1]?.title).toBe("B");
    expect(withValueAt({ cover: null }, "cover.alt", "Een zwempak")).toEqual({ cover: { alt: "Een zwempak" } });
  });

  test("their document against yours: every differing field, lists item by item; nothing, null and empty are alike", () => {
    const theirs = { title: "Zwemles", slug: "zwemles", seoTitle: null, blocks: [{ type: "text", body: "oud" }] };
    const yours = { title: "Zwemles voor peuters", slug: "zwemles", seoTitle: "", blocks: [{ type: "text", body: "oud" }, { type: "faq" }] };
    expect(differences(theirs, yours)).toEqual([
      { path: "title", theirs: "Zwemles", yours: "Zwemles voor peuters" },
      { path: "blocks.1", theirs: null, yours: { type: "faq" } },
    ]);
    expect(sameDocument({ title: "", blocks: [] }, null)).toBe(true);
    expect(sameDocument({ title: "x" }, { title: "x", parent: null })).toBe(true);
    expect(readable(null)).toBe("–");
    expect(readable({ a: 1 })).toBe('{"a":1}');
  });
});

describe("a collection's form values", () => {
  test("a stored page gets the editor's empty fields and keeps the fields it does not show", () => {
    expect(formValues("page", { title: "FAQ", layout: "wide", blocks: [{ type: "faq" }] })).toEqual({
      title: "FAQ",
      slug: "",
      parent: null,
      seoTitle: "",
      seoDescription: "",
      layout: "wide",
      blocks: [{ type: "faq" }],
    });
  });

  test("an empty parent, category, cover or address is stored as none", () => {
    expect(storedDocument("page", { title: "A", parent: "" }).parent).toBeNull();
    expect(storedDocument("article", { category: " ", cover: { src: "", alt: "x" } })).toEqual({ category: null, cover: null });
    const settings = storedDocument("settings", formValues("settings", null));
    expect(settings.address).toBeNull();
    expect(settings.socialLinks).toEqual({ facebook: null, instagram: null, linkedin: null, x: null, tiktok: null });
  });

  test("a time goes to the datetime input in the editor's clock and back as the same moment", () => {
    const iso = "2026-12-01T09:30:00.000Z";
    expect(fromLocalInput(localInput(iso))).toBe(iso);
    expect(localInput(null)).toBe("");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("not a time")).toBeNull();
  });
});

describe("a menu's items", () => {
  const menu = [item("Shop"), item("Academy", [item("Lessons"), item("Levels")]), item("Blog")];

  test("up and down among siblings; nothing moves past either end", () => {
    expect(titles(moved(menu, [2], -1).items)).toEqual(["Shop", "Blog", ["Academy", ["Lessons", "Levels"]]]);
    expect(moved(menu, [1, 1], -1).place).toEqual([1, 0]);
    expect(titles(moved(menu, [1, 1], -1).items)).toEqual(["Shop", ["Academy", ["Levels", "Lessons"]], "Blog"]);
    expect(moved(menu, [0], -1)).toEqual({ items: menu, place: [0] });
    expect(moved(menu, [2], 1)).toEqual({ items: menu, place: [2] });
  });

  test("in under the item before, out after its parent", () => {
    const inward = indented(menu, [2]);
    expect(titles(inward.items)).toEqual(["Shop", ["Academy", ["Lessons", "Levels", "Blog"]]]);
    expect(inward.place).toEqual([1, 2]);
    const outward = outdented(menu, [1, 0]);
    expect(titles(outward.items)).toEqual(["Shop", ["Academy", ["Levels"]], "Lessons", "Blog"]);
    expect(outward.place).toEqual([2]);
    expect(indented(menu, [0]).items).toBe(menu);
    expect(outdented(menu, [0]).items).toBe(menu);
  });

  test("added at the end of a list, removed from anywhere; places name the API's fields", () => {
    const withChild = added(menu, [0]);
    expect(withChild.place).toEqual([0, 0]);
    expect(withChild.items[0]?.items).toEqual([{ key: "", title: "", path: "", items: [] }]);
    expect(titles(removed(menu, [1, 0]))).toEqual(["Shop", ["Academy", ["Levels"]], "Blog"]);
    expect(placePath([1, 0])).toBe("items.1.items.0");
  });
});

describe("the lists", () => {
  const entry = (key: string, path: string | null, extra: Partial<EntrySummary> = {}): EntrySummary => ({ key, title: key, live: true, translated: true, drafted: false, path, ...extra });

  test("pages in their tree's order with their depth; pages without a path last", () => {
    const rows = inTreeOrder([entry("team", "/over-ons/team"), entry("home", "/"), entry("draft", null), entry("about", "/over-ons")]);
    expect(rows.map(({ entry: found, depth }) => [found.key, depth])).toEqual([
      ["home", 0],
      ["about", 0],
      ["team", 1],
      ["draft", 0],
    ]);
  });

  test("the overview: one row per key, a cell per language, missing translations counted per language", () => {
    const overview = overviewOf({
      nl: [entry("faq", "/veelgestelde-vragen", { title: "Veelgestelde vragen" }), entry("team", "/team")],
      de: [entry("faq", "/haeufige-fragen", { drafted: true }), entry("team", null, { translated: false, live: false })],
    });
    expect(overview.map((row) => row.title)).toEqual(["Veelgestelde vragen", "team"]);
    expect(overview[0]?.cells.de?.drafted).toBe(true);
    expect(missingPerLanguage(overview)).toEqual({ nl: 0, en: 2, de: 1, es: 2, fr: 2, sv: 2 });
  });
});
