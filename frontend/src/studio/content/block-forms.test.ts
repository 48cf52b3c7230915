/**
 * The block forms the studio draws (src/testing/block-forms.json: the backend's answer, kept
 * current by backend/tests/content/test_block_forms.py) have their texts in six languages: every
 * field name any form uses, every block type, and every worded choice.
 */
import { describe, expect, test } from "vitest";
import FORMS from "../../testing/block-forms.json";
import { flatten, type Messages } from "../../testing/locale-checks";
import { FIELD_KINDS, type BlockForm, type FormField } from "./block-forms-api";
import de from "../locales/de.json";
import en from "../locales/en.json";
import es from "../locales/es.json";
import fr from "../locales/fr.json";
import nl from "../locales/nl.json";
import sv from "../locales/sv.json";

const LOCALES: Record<string, Messages> = { en, nl, de, es, fr, sv };
const forms = FORMS as BlockForm[];

function everyField(fields: FormField[]): FormField[] {
  return fields.flatMap((field) => [field, ...everyField(field.fields ?? []), ...(field.item ? everyField([field.item]) : [])]);
}

const fields = forms.flatMap((form) => everyField(form.fields));
const names = [...new Set(fields.flatMap((field) => (field.name ? [field.name] : [])))].sort();
const worded = [...new Set(fields.flatMap((field) => (field.kind === "select" && field.name ? (field.options ?? []).filter((option) => /^[a-z][a-z-]*$/.test(option)).map((option) => `${field.name}.${option}`) : [])))].sort();

describe("the block forms' texts", () => {
  test("the forms are the 31 block types, with the fields the shop's blocks use", () => {
    expect(forms).toHaveLength(31);
    expect(names).toEqual(expect.arrayContaining(["title", "imagePosition", "successMessage", "items", "question", "answer", "icon", "src", "alt"]));
  });

  test("every widget a form asks for is one the studio draws", () => {
    expect([...new Set(fields.map((field) => field.kind))].filter((kind) => !FIELD_KINDS.includes(kind))).toEqual([]);
  });

  test.each(Object.keys(LOCALES))("%s labels every field name, block type and worded choice", (locale) => {
    const texts = flatten(LOCALES[locale] ?? {});
    const missing = [
      ...names.map((name) => `blockFields.${name}`),
      ...forms.map((form) => `blockTypes.${form.type}`),
      ...worded.map((option) => `blockOptions.${option}`),
    ].filter((key) => !(texts.get(key) ?? "").trim());
    expect(missing).toEqual([]);
  });

  test("the studio has no labels for fields no form uses", () => {
    expect(Object.keys(en.blockFields).sort()).toEqual(names);
    expect(Object.keys(en.blockTypes).sort()).toEqual(forms.map((form) => form.type).sort());
  });
});
