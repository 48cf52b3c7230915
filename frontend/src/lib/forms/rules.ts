/**
 * Validation rules by name (spec §5), declared as `required|email|length:8,64` or as a list.
 * Rules run in order and the first failing one gives the field its message. An empty value
 * skips every rule except those that are about emptiness (required, accepted, require_one).
 * An unknown rule name is a programming error: it throws when the form is declared.
 */
export type Values = Record<string, unknown>;
export type RuleContext = { name: string; values: Values };
export type RuleCall = { name: RuleName; args: string[] };

type Rule = {
  test: (value: unknown, args: string[], context: RuleContext) => boolean;
  /** false for the rules that must see empty values too. */
  skipEmpty?: boolean;
};

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof FileList !== "undefined" && value instanceof FileList) return value.length === 0;
  return false;
}

const text = (value: unknown): string => (typeof value === "string" ? value : String(value ?? ""));
const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{Nd}/u;
const SYMBOL = /[\p{P}\p{S}]/u;
const only = (pattern: RegExp) => (value: unknown) => new RegExp(`^(?:${pattern.source})+$`, "u").test(text(value));
const contains = (pattern: RegExp) => (value: unknown) => pattern.test(text(value));

/** Plain decimal numbers only (a comma may be the decimal mark): no hex, Infinity or 1_000. */
const DECIMAL = /^[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][+-]?[0-9]+)?$/;

function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  const trimmed = text(value).trim();
  if (!DECIMAL.test(trimmed)) return Number.NaN;
  const parsed = Number(trimmed.replace(",", "."));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return [...text(value)].length; // characters, not UTF-16 units
}

const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const ISO_DATETIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?$/;

/** A real calendar day (no 30 February rolling over into March). */
function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** ISO dates (2026-05-01) and date-times only; `now` when the rule names no date. */
function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const raw = text(value).trim();
  const dateOnly = ISO_DATE.exec(raw);
  if (dateOnly) return calendarDay(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
  const dateTime = ISO_DATETIME.exec(raw);
  if (!dateTime || !calendarDay(Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3]))) return null;
  const parsed = new Date(raw);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const dateArg = (args: string[], index = 0): Date | null => (args[index] ? toDate(args[index]) : new Date());

function compareDates(value: unknown, args: string[], check: (a: number, b: number) => boolean): boolean {
  const date = toDate(value);
  const limit = dateArg(args);
  return date !== null && limit !== null && check(date.getTime(), limit.getTime());
}

/** A format such as `DD-MM-YYYY` or `YYYY-MM-DD`, checked for shape and for a real calendar day. */
function matchesDateFormat(value: unknown, format: string): boolean {
  const tokens = { YYYY: "([0-9]{4})", YY: "([0-9]{2})", MM: "([0-9]{2})", M: "([0-9]{1,2})", DD: "([0-9]{2})", D: "([0-9]{1,2})" };
  const order: string[] = [];
  const source = format.replace(/YYYY|YY|MM|M|DD|D|[.*+?^${}()|[\]\\]/g, (part) => {
    if (part in tokens) {
      order.push(part);
      return tokens[part as keyof typeof tokens];
    }
    return `\\${part}`;
  });
  const found = new RegExp(`^${source}$`).exec(text(value).trim());
  if (!found) return false;
  const parts: Record<string, number> = {};
  order.forEach((token, index) => (parts[token[0] as string] = Number(found[index + 1])));
  const year = parts.Y !== undefined && order.includes("YY") ? 2000 + parts.Y : (parts.Y ?? 2000);
  return calendarDay(year, parts.M ?? 1, parts.D ?? 1) !== null;
}

// The server's EMAIL_PATTERN (backend/splash/core/schemas.py): no whitespace, no second @, and no
// control or format character (a mail cannot carry some of them; the others are invisible).
const NOT_IN_ADDRESS =
  "\\s@\\x00-\\x1f\\x7f-\\x9f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u180e" +
  "\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb";
const EMAIL = new RegExp(
  `^[^${NOT_IN_ADDRESS}]+@[^${NOT_IN_ADDRESS}]+\\.[^${NOT_IN_ADDRESS}]{2,}$`,
  "u",
);

const URL_START = /^https?:\/\/[^\s<>"]+$/i;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}$/;

/** http(s) only, with a real host name: nothing the URL parser would have to repair. */
function isHttpUrl(value: unknown): boolean {
  const raw = text(value).trim();
  if (!URL_START.test(raw)) return false;
  try {
    return HOST.test(new URL(raw).hostname);
  } catch {
    return false;
  }
}

/**
 * `matches:/^[0-9]{4}\s?[a-z]{2}$/i` is a regular expression (flags i, m, s; the subset both
 * the browser's and the server's regex dialects read alike); other arguments are exact values.
 */
function matchesAny(value: unknown, args: string[]): boolean {
  return args.some((arg) => {
    const regex = /^\/(.+)\/([gimsuy]*)$/.exec(arg);
    if (!regex) return text(value) === arg;
    const flags = (regex[2] ?? "").replace(/[^ims]/g, "");
    return new RegExp(regex[1] as string, flags).test(text(value));
  });
}

export const RULES = {
  accepted: { test: (v) => [true, "true", "yes", "on", "1", 1].includes(v as string), skipEmpty: false },
  alpha: { test: only(LETTER) },
  alpha_spaces: { test: only(/[\p{L} ]/u) },
  alphanumeric: { test: only(/[\p{L}\p{Nd}]/u) },
  between: { test: (v, [min, max]) => toNumber(v) >= Number(min) && toNumber(v) <= Number(max) },
  confirm: { test: (v, [other], ctx) => v === ctx.values[other ?? `${ctx.name}_confirm`] },
  contains_alpha: { test: contains(LETTER) },
  contains_alpha_spaces: { test: contains(/[\p{L} ]/u) },
  contains_alphanumeric: { test: contains(/[\p{L}\p{Nd}]/u) },
  contains_lowercase: { test: contains(LOWER) },
  contains_numeric: { test: contains(DIGIT) },
  contains_symbol: { test: contains(SYMBOL) },
  contains_uppercase: { test: contains(UPPER) },
  date_after: { test: (v, args) => compareDates(v, args, (a, b) => a > b) },
  date_after_or_equal: { test: (v, args) => compareDates(v, args, (a, b) => a >= b) },
  date_before: { test: (v, args) => compareDates(v, args, (a, b) => a < b) },
  date_before_or_equal: { test: (v, args) => compareDates(v, args, (a, b) => a <= b) },
  date_between: {
    test: (v, [start, end]) => {
      const [date, from, to] = [toDate(v), toDate(start), toDate(end)];
      return date !== null && from !== null && to !== null && date >= from && date <= to;
    },
  },
  date_format: { test: (v, [format]) => matchesDateFormat(v, format ?? "YYYY-MM-DD") },
  email: { test: (v) => EMAIL.test(text(v).trim()) },
  ends_with: { test: (v, args) => args.some((end) => text(v).endsWith(end)) },
  is: { test: (v, args) => args.includes(text(v)) },
  length: {
    test: (v, [min, max]) => sizeOf(v) >= Number(min ?? 0) && (max === undefined || sizeOf(v) <= Number(max)),
  },
  lowercase: { test: only(LOWER) },
  matches: { test: (v, args) => matchesAny(v, args) },
  max: { test: (v, [max]) => (Array.isArray(v) ? v.length : toNumber(v)) <= Number(max) },
  min: { test: (v, [min]) => (Array.isArray(v) ? v.length : toNumber(v)) >= Number(min) },
  not: { test: (v, args) => !args.includes(text(v)) },
  number: { test: (v) => Number.isFinite(toNumber(v)) },
  require_one: { test: (v, others, ctx) => !isEmpty(v) || others.some((o) => !isEmpty(ctx.values[o])), skipEmpty: false },
  required: { test: (v) => !isEmpty(v), skipEmpty: false },
  starts_with: { test: (v, args) => args.some((start) => text(v).startsWith(start)) },
  symbol: { test: only(SYMBOL) },
  uppercase: { test: only(UPPER) },
  url: { test: isHttpUrl },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

export function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(RULES, name);
}

/** `length:8,64` → {name: "length", args: ["8", "64"]}; a regex argument keeps its commas. */
function parseOne(spec: string): RuleCall {
  const colon = spec.indexOf(":");
  const name = (colon === -1 ? spec : spec.slice(0, colon)).trim();
  const raw = colon === -1 ? "" : spec.slice(colon + 1);
  if (!isRuleName(name)) throw new Error(`Unknown validation rule "${name}" in "${spec}"`);
  const args = raw === "" ? [] : name === "matches" && /^\/.*\/[a-z]*$/.test(raw) ? [raw] : raw.split(",").map((a) => a.trim());
  return { name, args };
}

export type RuleSpec = string | (string | RuleCall)[];

export function parseRules(spec: RuleSpec | undefined): RuleCall[] {
  if (!spec) return [];
  const parts = Array.isArray(spec) ? spec : spec.split("|").filter((part) => part.trim() !== "");
  return parts.map((part) => {
    if (typeof part === "string") return parseOne(part);
    if (!isRuleName(part.name)) throw new Error(`Unknown validation rule "${part.name}"`);
    return { name: part.name, args: [...part.args] };
  });
}

/** The first rule a value fails, or null when it passes them all. */
export function firstFailure(calls: RuleCall[], value: unknown, context: RuleContext): RuleCall | null {
  const empty = isEmpty(value);
  for (const call of calls) {
    const rule: Rule = RULES[call.name];
    if (empty && rule.skipEmpty !== false) continue;
    if (!rule.test(value, call.args, context)) return call;
  }
  return null;
}
