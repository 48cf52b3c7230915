/**
 * Yup schemas generated from the block forms: the same limits as the backend's models (lengths,
 * patterns, bounds, number of items, required), each message in the editor's language naming
 * the field by its label.
 */
import type { TFunction } from "i18next";
import * as yup from "yup";
import type { BlockForm, BlockValue, FormField } from "./block-forms-api";

export type BlockErrors = Record<string, string>;

/** A field's label: its name's text (`studio.blockFields.title`); a list's item: the list's, numbered. */
export function fieldLabel(t: TFunction, name: string | undefined): string {
  return name ? t(`studio.blockFields.${name}`) : "";
}

function textSchema(field: FormField, label: string, t: TFunction): yup.Schema {
  let schema = yup.string();
  // An empty required text gets "is required" alone, not also "at least 1 character".
  const min = field.minLength === 1 && field.required ? undefined : field.minLength;
  const max = field.maxLength;
  if (min !== undefined && max !== undefined) schema = schema.min(min, t("forms.rules.length_between", { field: label, min, max }));
  else if (min !== undefined) schema = schema.min(min, t("forms.rules.length_min", { field: label, min }));
  if (max !== undefined) schema = schema.max(max, min !== undefined ? t("forms.rules.length_between", { field: label, min, max }) : t("forms.rules.length_max", { field: label, max }));
  if (field.pattern) schema = schema.matches(new RegExp(field.pattern, "u"), { message: t("forms.rules.matches", { field: label }), excludeEmptyString: false });
  return schema;
}

function numberSchema(field: FormField, label: string, t: TFunction): yup.Schema {
  let schema = yup.number().typeError(t("forms.rules.number", { field: label }));
  if (field.integer) schema = schema.integer(t("studio.blocks.rules.whole", { field: label }));
  if (field.minimum !== undefined) schema = schema.min(field.minimum, t("forms.rules.min", { field: label, min: field.minimum }));
  if (field.maximum !== undefined) schema = schema.max(field.maximum, t("forms.rules.max", { field: label, max: field.maximum }));
  return schema;
}

function arraySchema(field: FormField, label: string, t: TFunction, item: yup.Schema): yup.Schema {
  let schema = yup.array().of(item as yup.AnySchema);
  if (field.minItems !== undefined) schema = schema.min(field.minItems, t("studio.blocks.rules.itemsMin", { field: label, min: field.minItems }));
  if (field.maxItems !== undefined) schema = schema.max(field.maxItems, t("studio.blocks.rules.itemsMax", { field: label, max: field.maxItems }));
  return schema;
}

function objectSchema(fields: FormField[], t: TFunction): yup.AnyObjectSchema {
  return yup.object(Object.fromEntries(fields.filter((field) => field.name).map((field) => [field.name as string, fieldSchema(field, fieldLabel(t, field.name), t)])));
}

function valueSchema(field: FormField, label: string, t: TFunction): yup.Schema {
  switch (field.kind) {
    case "short-text":
    case "long-text":
    case "icon":
      return textSchema(field, label, t);
    case "number":
      return numberSchema(field, label, t);
    case "boolean":
      return yup.boolean();
    case "select":
      return yup.string().oneOf(field.options ?? [], t("forms.rules.is", { field: label, values: (field.options ?? []).join(", ") }));
    case "rich-text":
      return arraySchema(field, label, t, yup.mixed());
    case "list":
      return arraySchema(field, label, t, field.item ? valueSchema(field.item, label, t) : yup.mixed());
    case "image":
      return imageSchema(field, t);
    default:
      return objectSchema(field.fields ?? [], t).default(undefined);
  }
}

/** An image's alt text may be empty, as the model allows: a library image's is filled in from the
 * library when published, and publishing refuses an image placed by hand without one. */
function imageSchema(field: FormField, t: TFunction): yup.Schema {
  const fields = (field.fields ?? []).map((inner) => (inner.name === "alt" ? { ...inner, required: false } : inner));
  return objectSchema(fields, t).default(undefined);
}

/** A field's schema: its value's rules, required or optional (left out) as the model says. */
export function fieldSchema(field: FormField, label: string, t: TFunction): yup.Schema {
  const schema = valueSchema(field, label, t);
  const required = t("forms.rules.required", { field: label });
  if (field.required) return field.kind === "boolean" ? schema.defined(required) : schema.required(required);
  return schema.optional().nullable();
}

export function blockSchema(form: BlockForm, t: TFunction): yup.AnyObjectSchema {
  return objectSchema(form.fields, t);
}

/** The block's errors by path (`items[0].question`); none: {}. */
export function validateBlock(schema: yup.AnyObjectSchema, block: BlockValue): BlockErrors {
  try {
    schema.validateSync(block, { abortEarly: false, strict: true });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const found: BlockErrors = {};
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const path = inner.path ?? "";
      found[path] ??= inner.message;
    }
    return found;
  }
}
