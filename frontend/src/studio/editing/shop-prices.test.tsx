/**
 * The shop's collections in the studio, and whose the prices are: the screens ask
 * `/content/collections`, so an editor sees no price control at all (not even disabled), and
 * the owner types a price in euros that goes to the API in whole cents.
 */
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Me } from "../api";
import type { Entry } from "./editing-api";
import { EDITOR, OWNER, showStudio } from "../../testing/studio-screens";
import { formValues, storedDocument } from "./documents";
import { centsFromEuros, eurosFromCents } from "./money";

const VARIANTS = [{ key: "spl-fs-blue-m", title: "splash-float-suit blue M", live: true, translated: true, drafted: false, path: null }];
const PRICE: Entry = {
  collection: "price",
  key: "spl-fs-blue-m",
  locale: "",
  document: { price: 2495 },
  revision: 0,
  savedBy: null,
  savedAt: null,
  live: { price: 2495 },
  publishedRevision: 1,
  publishAt: null,
  scheduleRefused: null,
  missing: [],
};

function show(me: Me, at: string) {
  return showStudio(me, at, async (method, path) => {
    if (path === "/content/variant") return { data: VARIANTS };
    if (path === "/content/lesson") return { data: [{ key: "level-1-lesson-1", title: "Blowing bubbles", live: true, translated: true, drafted: false, path: null, id: 31 }] };
    if (path === "/content/price/spl-fs-blue-m" && method === "GET") return { data: PRICE };
    if (method === "PUT") return { data: { revision: 1, savedBy: "owner", savedAt: "2026-11-29T10:00:00Z", publishAt: null } };
    throw new Error(`not expected: ${method} ${path}`);
  });
}

test("euros in the field, whole cents to the API", () => {
  expect(eurosFromCents(2495)).toBe("24.95");
  expect(centsFromEuros("27,5")).toBe(2750);
  expect(centsFromEuros("27.05")).toBe(2705);
  expect(centsFromEuros("30")).toBe(3000);
  expect(centsFromEuros("27,555")).toBeNull();
  expect(centsFromEuros("€ 27")).toBeNull();
});

test("the form's values of a price, a variant and a size guide, and back as the API takes them", () => {
  expect(formValues("offer", { price: 1500 })).toEqual({ price: "15.00" });
  expect(storedDocument("offer", { price: "12,5" })).toEqual({ price: 1250 });
  const variant = formValues("variant", { product: "splash-float-suit", colour: "pink", size: "m", active: true, position: null });
  expect(variant).toEqual({ product: "splash-float-suit", colour: "pink", size: "m", active: "true", position: null });
  expect(storedDocument("variant", { ...variant, active: "false", position: "3" })).toEqual({ product: "splash-float-suit", colour: "pink", size: "m", active: false, position: 3 });
  expect(storedDocument("variant", { ...variant, position: "" })).toEqual({ product: "splash-float-suit", colour: "pink", size: "m", active: true, position: null });
  expect(storedDocument("size-guide", { rows: [{ size: "m", minKg: "15", maxKg: "18", age: "3–4" }] })).toEqual({ rows: [{ size: "m", minKg: 15, maxKg: 18, age: "3–4" }] });
});

describe("an editor", () => {
  test("is offered the shop's and academy's texts but no prices, offers or price column", async () => {
    await show(EDITOR, "/studio/content/variant");
    const kinds = screen.getByRole("navigation", { name: "Kinds of content" });
    const offered = within(kinds).getAllByRole("link").map((link) => link.textContent);
    expect(offered).toEqual(["Pages", "Blog articles", "Menus", "Products", "Product setup", "Variants", "Size guides", "Courses", "Course outlines", "Levels", "Lessons"]);
    const table = screen.getByRole("table", { name: "1 variant" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Title", "Address", "State"]);
    expect(screen.queryByText(/price/i)).toBeNull();
  });

  test("sees each lesson with a link to its video panel", async () => {
    await show(EDITOR, "/studio/content/lesson?locale=en");
    const table = screen.getByRole("table", { name: "1 lesson in English" });
    expect(within(table).getByRole("link", { name: "Video of Blowing bubbles" }).getAttribute("href")).toBe("/studio/lessons/31/video");
  });

  test("who opens a price's address gets no field and no entry asked", async () => {
    const calls = await show(EDITOR, "/studio/content/price/spl-fs-blue-m");
    expect(screen.getByRole("heading", { name: "Not for your role" })).toBeTruthy();
    expect(screen.queryByLabelText(/Price in euros/)).toBeNull();
    expect(calls.filter((call) => call.path === "/content/price/spl-fs-blue-m" && call.method !== "GET")).toEqual([]);
  });
});

describe("the owner", () => {
  test("sees each variant's price link", async () => {
    await show(OWNER, "/studio/content/variant");
    const table = screen.getByRole("table", { name: "1 variant" });
    expect(within(table).getByRole("link", { name: "Price of splash-float-suit blue M" }).getAttribute("href")).toBe("/studio/content/price/spl-fs-blue-m");
  });

  test("edits a price in euros and the API gets cents", async () => {
    const calls = await show(OWNER, "/studio/content/price/spl-fs-blue-m");
    const field = screen.getByLabelText(/^Price in euros/) as HTMLInputElement;
    expect(field.value).toBe("24.95");
    await act(async () => {
      fireEvent.change(field, { target: { value: "27,50" } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save now" }));
    });
    const saves = calls.filter((call) => call.method === "PUT");
    expect(saves).toHaveLength(1);
    expect(saves[0]?.path).toBe("/content/price/spl-fs-blue-m");
    expect(saves[0]?.options?.query).toEqual({ locale: "" });
    expect(saves[0]?.options?.body).toEqual({ revision: 0, document: { price: 2750 } });
  });

  test("a price that is no amount is refused at the field and not sent", async () => {
    const calls = await show(OWNER, "/studio/content/price/spl-fs-blue-m");
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/^Price in euros/), { target: { value: "27 euro" } });
    });
    expect(await screen.findByText("Type an amount in euros, for example 24,95.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save now" }));
    });
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });
});
