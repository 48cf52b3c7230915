/**
 * Documents as the editor handles them (pure): a value at a field path (`blocks.2.title`, as
 * the API names fields), a copy with one value changed, and the difference between two
 * documents field by field (the API's own rule, backend/splash/editing/diff.py: lists item by
 * item, a value that changed type is one path).
 */
import type { Document } from "./editing-api";

export type Path = string;
export type Difference = { path: Path; theirs: unknown; yours: unknown };

const parts = (path: Path) => (path === "" ? [] : path.split("."));

export function valueAt(document: unknown, path: Path): unknown {
  let current: unknown = document;
  for (const part of parts(path)) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (current !== null && typeof current === "object") current = (current as Record<string, unknown>)[part];
    else return undefined;
  }
  return current;
}

/** A copy of `document` with `value` at `path` (objects made on the way where none are). */
export function withValueAt<T>(document: T, path: Path, value: unknown): T {
  const [head, ...rest] = parts(path);
  if (head === undefined) return value as T;
  const tail = rest.join(".");
  if (Array.isArray(document)) {
    const copy = [...document];
    copy[Number(head)] = withValueAt(copy[Number(head)], tail, value);
    return copy as T;
  }
  const base = document !== null && typeof document === "object" ? (document as Record<string, unknown>) : {};
  return { ...base, [head]: withValueAt(base[head], tail, value) } as T;
}

const ABSENT = Symbol("absent");

/** Every field whose value differs between their document and yours, in document order. */
export function differences(theirs: unknown, yours: unknown): Difference[] {
  const found: Difference[] = [];
  walk(theirs, yours, [], found);
  return found;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function walk(theirs: unknown, yours: unknown, path: string[], found: Difference[]): void {
  if (isObject(theirs) && isObject(yours)) {
    const names = [...Object.keys(theirs), ...Object.keys(yours).filter((name) => !(name in theirs))];
    for (const name of names) walk(name in theirs ? theirs[name] : ABSENT, name in yours ? yours[name] : ABSENT, [...path, name], found);
  } else if (Array.isArray(theirs) && Array.isArray(yours)) {
    for (let index = 0; index < Math.max(theirs.length, yours.length); index += 1) {
      walk(index < theirs.length ? theirs[index] : ABSENT, index < yours.length ? yours[index] : ABSENT, [...path, String(index)], found);
    }
  } else if (!sameValue(theirs, yours)) {
    found.push({ path: path.join("."), theirs: theirs === ABSENT ? null : theirs, yours: yours === ABSENT ? null : yours });
  }
}

/** Equal as stored: an absent field, null, an empty text and an empty list are all "nothing". */
function sameValue(a: unknown, b: unknown): boolean {
  const nothing = (value: unknown) => value === ABSENT || value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  if (nothing(a) && nothing(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two documents hold the same (the form is "saved" when it equals what was saved). */
export const sameDocument = (a: Document | null, b: Document | null) => differences(a ?? {}, b ?? {}).length === 0;

/** A value as one readable line (a text as it is, anything else as JSON; nothing as "–"). */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  return typeof value === "string" ? value : JSON.stringify(value);
}
