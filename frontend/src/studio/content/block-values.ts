/**
 * A block's value as it is stored, edited in place: what a new block or item starts with, and
 * reading, setting and leaving out a value at a path. A field the editor has not touched keeps
 * its stored value (and stays out when it was out), so an unchanged block goes back byte for
 * byte; an optional field that is cleared is left out, as the backend stores it.
 */
import type { BlockForm, BlockValue, FormField } from "./block-forms-api";

export type Path = (string | number)[];

/** Yup's spelling of a path (`items[0].question`): the key of an error and of a field's id. */
export function pathKey(path: Path): string {
  return path.reduce<string>((key, part) => (typeof part === "number" ? `${key}[${part}]` : key ? `${key}.${part}` : part), "");
}

/** What a required value starts as: nothing typed yet, a list with its fewest items. */
export function startValue(field: FormField): unknown {
  switch (field.kind) {
    case "select":
      return field.default ?? field.options?.[0];
    case "number":
      return field.default;
    case "boolean":
      return false;
    case "list":
      return field.item ? Array.from({ length: field.minItems ?? 0 }, () => startValue(field.item as FormField)) : [];
    case "rich-text":
      return [{ type: "paragraph", children: [{ type: "text", text: "" }] }];
    case "link":
    case "image":
    case "group":
      return startObject(field.fields ?? []);
    default:
      return "";
  }
}

function startObject(fields: FormField[]): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.required && field.name) value[field.name] = startValue(field);
  }
  return value;
}

/** A new block of `form`'s type: its required fields, nothing else. */
export function newBlock(form: BlockForm): BlockValue {
  return { type: form.type, ...startObject(form.fields) };
}

export function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

/** `value` with `next` at `path` (undefined: the key left out); nothing else changes. */
export function withValueAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [part, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[part as number] = withValueAt(copy[part as number], rest, next);
    return copy as T;
  }
  const record = { ...((value ?? {}) as Record<string, unknown>) };
  const inner = withValueAt(record[part], rest, next);
  if (inner === undefined) delete record[part];
  else record[part] = inner;
  return record as T;
}

/** A list with the item at `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** A short title for a collapsed block: its title, question, name or first text. */
export function summary(block: BlockValue): string {
  for (const name of ["title", "name", "question", "label", "text"]) {
    const value = block[name];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return "";
}
