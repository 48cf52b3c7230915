/** The yup rules generated from the block forms: the backend's limits, messages naming the field in the editor's language. */
import { describe, expect, test } from "vitest";
import { createI18n } from "../../lib/i18n";
import shopDutch from "../../locales/nl.json";
import shopEnglish from "../../locales/en.json";
import FORMS from "../../testing/block-forms.json";
import dutch from "../locales/nl.json";
import english from "../locales/en.json";
import type { BlockForm, BlockValue } from "./block-forms-api";
import { blockSchema, validateBlock } from "./block-schema";
import { newBlock } from "./block-values";

const forms = FORMS as BlockForm[];
const form = (type: string) => forms.find((candidate) => candidate.type === type) as BlockForm;
const t = createI18n("en", { ...shopEnglish, studio: english }).t;
const errorsOf = (block: BlockValue) => validateBlock(blockSchema(form(block.type), t), block);

describe("a block's rules", () => {
  test("a valid block has no errors, its optional fields left out", () => {
    expect(errorsOf({ type: "intro", title: "Into the water", text: "With confidence." })).toEqual({});
    expect(errorsOf({ type: "cart" })).toEqual({});
  });

  test("a required field left empty is named", () => {
    expect(errorsOf({ type: "intro", title: "", text: "x" })).toEqual({ title: "Title is required." });
    expect(errorsOf({ type: "intro", text: "x" })).toEqual({ title: "Title is required." });
  });

  test("lengths, patterns and bounds are the backend's", () => {
    expect(errorsOf({ type: "intro", title: "x".repeat(161), text: "x", eyebrow: "y".repeat(81) })).toEqual({
      title: "Title can be at most 160 characters long.",
      eyebrow: "Eyebrow can be at most 80 characters long.",
    });
    expect(errorsOf({ type: "intro", title: "T", text: "x", button: { label: "Go", path: "javascript:alert(1)" } })).toEqual({
      "button.path": "Link to is not in the expected format.",
    });
    expect(errorsOf({ type: "reviews", items: [{ name: "Sanne", rating: 6, text: "Good", date: "3 May" }] })).toEqual({
      "items[0].rating": "Rating can be at most 5.",
      "items[0].date": "Date (YYYY-MM-DD) is not in the expected format.",
    });
    expect(errorsOf({ type: "reviews", items: [{ name: "Sanne", rating: 4.5, text: "Good" }] })).toEqual({
      "items[0].rating": "Rating must be a whole number.",
    });
    expect(errorsOf({ type: "consent-embed", title: "Video", provider: "tiktok", url: "http://example.com" })).toEqual({
      provider: "Provider must be one of: youtube, vimeo, google-maps.",
      url: "Address (URL) is not in the expected format.",
    });
  });

  test("lists hold between their fewest and most items", () => {
    expect(errorsOf({ type: "buttons", buttons: [] })).toEqual({ buttons: "Buttons needs at least 1 items." });
    const five = Array.from({ length: 5 }, () => ({ label: "Shop", path: "/shop" }));
    expect(errorsOf({ type: "buttons", buttons: five })).toEqual({ buttons: "Buttons can have at most 4 items." });
    expect(errorsOf({ type: "icons", items: [{ icon: "Truck", title: "Fast" }] })).toEqual({ "items[0].icon": "Icon is not in the expected format." });
  });

  test("a new block starts with its required fields, and says what is missing", () => {
    const faq = newBlock(form("faq"));
    expect(faq).toEqual({ type: "faq", items: [{ question: "", answer: [{ type: "paragraph", children: [{ type: "text", text: "" }] }] }] });
    expect(errorsOf(faq)).toEqual({ "items[0].question": "Question is required." });
    expect(newBlock(form("collection-list"))).toEqual({ type: "collection-list", collection: "article" });
  });

  test("the messages are in the editor's language", () => {
    const dutchT = createI18n("nl", { ...shopDutch, studio: dutch }).t;
    const errors = validateBlock(blockSchema(form("intro"), dutchT), { type: "intro", title: "", text: "x" });
    expect(errors).toEqual({ title: "Titel is verplicht." });
  });
});
