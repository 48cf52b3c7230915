/**
 * Each collection's document as the form holds it (pure): every field the editor shows, filled
 * with its empty value where the stored document has none (other stored fields are kept as
 * they are), and the form's values back as the API takes them (an empty parent or category is
 * none; a date-time in the editor's clock becomes an ISO time). Also the browser's checks, the
 * API's limits (backend/splash/content/editable.py, editable_site.py), as a yup schema.
 */
import type { TFunction } from "i18next";
import { array, object, string, type AnyObject, type ObjectSchema } from "yup";
import { MONEY_COLLECTIONS, type Collection, type Document } from "./editing-api";
import { centsFromEuros, eurosFromCents, EUROS } from "./money";

const SLUG = /^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const EMPTY: Record<Collection, Document> = {
  page: { title: "", slug: "", parent: null, seoTitle: "", seoDescription: "", blocks: [] },
  article: { title: "", slug: "", excerpt: "", category: null, cover: null, publishedAt: null, seoTitle: "", seoDescription: "", body: [] },
  menu: { items: [] },
  settings: {
    companyName: "",
    cocNumber: "",
    vatNumber: "",
    address: { street: "", housenumber: "", postalCode: "", city: "", country: "nl" },
    socialLinks: { facebook: "", instagram: "", linkedin: "", x: "", tiktok: "" },
  },
  banner: { text: "" },
  product: { title: "", slug: "", intro: "", description: [], imageAlt: {}, colours: {}, seoTitle: "", seoDescription: "" },
  "product-setup": { type: "physical", images: {}, position: 0, minAgeYears: 3, published: true },
  variant: { product: "", colour: "blue", size: "", active: false, position: null },
  price: { price: "" },
  "size-guide": { rows: [] },
  course: { title: "", slug: "", intro: "", description: [], imageAlt: "", seoTitle: "", seoDescription: "" },
  level: { title: "", description: "" },
  "course-outline": { published: true, position: 0, levels: [] },
  lesson: { title: "", slug: "", description: "", posterAlt: "" },
  offer: { price: "" },
  "free-lessons": { lessons: [] },
};

/** A course outline's level: its lessons in order, each a free preview or not, and its minutes
 * ("" or null: its video's length). */
export type OutlineLesson = { key: string; freePreview: boolean; minutes: number | string | null };
export type OutlineLevel = { key: string; lessons: OutlineLesson[] };

const whole = (value: unknown) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value);

/** The form's values of a stored document (null: a new entry). */
export function formValues(collection: Collection, stored: Document | null): Document {
  const empty = EMPTY[collection];
  const values: Document = { ...empty, ...(stored ?? {}) };
  for (const [name, value] of Object.entries(empty)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) values[name] = { ...value, ...((stored?.[name] as Document | null) ?? {}) };
  }
  if (MONEY_COLLECTIONS.includes(collection)) values.price = typeof stored?.price === "number" ? eurosFromCents(stored.price) : "";
  if (collection === "variant") values.active = String(values.active === true);
  return values;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === "";

/** The form's values as the API takes them. */
export function storedDocument(collection: Collection, values: Document): Document {
  const document: Document = { ...values };
  if (collection === "page" && blank(document.parent)) document.parent = null;
  if (collection === "article") {
    if (blank(document.category)) document.category = null;
    const cover = document.cover as Document | null;
    if (cover && blank(cover.src)) document.cover = null;
  }
  if (collection === "settings") {
    const address = document.address as Document;
    if (Object.entries(address).every(([name, value]) => name === "country" || blank(value))) document.address = null;
    document.socialLinks = Object.fromEntries(Object.entries(document.socialLinks as Document).map(([name, value]) => [name, blank(value) ? null : value]));
  }
  if (MONEY_COLLECTIONS.includes(collection)) document.price = centsFromEuros(String(document.price ?? "")) ?? document.price;
  if (collection === "variant") {
    document.active = document.active === true || document.active === "true";
    document.position = blank(document.position) ? null : whole(document.position);
  }
  if (collection === "product-setup") {
    document.position = whole(document.position);
    document.minAgeYears = whole(document.minAgeYears);
    const images = Object.entries((document.images as Record<string, Document>) ?? {});
    document.images = Object.fromEntries(images.map(([key, image]) => [key, { ...image, width: whole(image.width), height: whole(image.height) }]));
  }
  if (collection === "course-outline") {
    document.position = whole(document.position);
    document.levels = ((document.levels as OutlineLevel[]) ?? []).map((level) => ({
      ...level,
      lessons: level.lessons.map((lesson) => ({ ...lesson, minutes: blank(lesson.minutes) ? null : whole(lesson.minutes) })),
    }));
  }
  if (collection === "size-guide") {
    document.rows = ((document.rows as Document[]) ?? []).map((row) => ({ ...row, minKg: whole(row.minKg), maxKg: whole(row.maxKg) }));
  }
  return document;
}

/** "2026-11-29T14:05" in the editor's clock, for a datetime-local input; "" for none. */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local input's value as an ISO time (with its zone); null for none or nonsense. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const number6 = (t: TFunction) => string().matches(/^\d{1,6}$/, t("studio.editing.errors.wholeNumber"));
/** A lesson's minutes: empty (its video's length) or 1–180. */
const minutes = (t: TFunction) =>
  string()
    .nullable()
    .test("minutes", t("studio.editing.errors.minutes"), (value) => value === null || value === undefined || value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 180));

const text = (t: TFunction, most: number) => string().nullable().max(most, t("studio.editing.errors.tooLong", { most }));

/** The browser's checks of a collection's form: the API's limits, in the editor's language. */
export function schemaFor(collection: Collection, t: TFunction): ObjectSchema<AnyObject> {
  const slug = string().max(190, t("studio.editing.errors.tooLong", { most: 190 })).matches(SLUG, t("studio.editing.errors.slugFormat"));
  const seo = { seoTitle: text(t, 190), seoDescription: text(t, 320) };
  switch (collection) {
    case "page":
      return object({ title: text(t, 190), slug, ...seo });
    case "article":
      return object({ title: text(t, 190), slug, excerpt: text(t, 400), ...seo });
    case "menu":
      return object({ items: array() });
    case "settings":
      return object({ companyName: text(t, 128), cocNumber: text(t, 32), vatNumber: text(t, 32) });
    case "banner":
      return object({ text: text(t, 200) });
    case "product":
    case "course":
      return object({ title: text(t, 160), slug, intro: text(t, 400), ...seo });
    case "level":
      return object({ title: text(t, 160), description: text(t, 600) });
    case "lesson":
      return object({ title: text(t, 160), slug, description: text(t, 1000), posterAlt: text(t, 200) });
    case "price":
    case "offer":
      return object({ price: string().matches(EUROS, t("studio.editing.errors.euros")) });
    case "variant":
      return object({ position: string().nullable().matches(/^$|^\d{1,6}$/, t("studio.editing.errors.wholeNumber")) });
    case "size-guide":
      return object({ rows: array() });
    case "product-setup":
      return object({ position: number6(t), minAgeYears: string().matches(/^\d{1,2}$/, t("studio.editing.errors.wholeNumber")) });
    case "course-outline":
      return object({ position: number6(t), levels: array().of(object({ lessons: array().of(object({ minutes: minutes(t) })) })) });
    case "free-lessons":
      return object({ lessons: array() });
  }
}

/** formik's nested errors as one map by dotted path (`seoTitle`, `items.0.title`). */
export function flatErrors(errors: unknown, prefix = ""): Record<string, string> {
  if (typeof errors === "string") return { [prefix]: errors };
  if (errors === null || typeof errors !== "object") return {};
  return Object.entries(errors as Record<string, unknown>).reduce<Record<string, string>>(
    (found, [name, value]) => ({ ...found, ...flatErrors(value, prefix ? `${prefix}.${name}` : name) }),
    {},
  );
}
