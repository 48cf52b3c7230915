/**
 * Money, dates, lengths of time and lists in the page's language, the same text on the server and in the browser:
 * what `Intl` writes for nl-NL, en-GB, de-DE, es-ES, fr-FR and sv-SE, spaces and signs included
 * (format.test.ts holds every function to `Intl`).
 *
 * Written from a table rather than by `Intl`: a page's first `Intl` formatter of a kind took
 * 30–70 ms of main thread in Chromium on the 2-core test machine (the browser loads its locale
 * data; a phone is slower still), more than hydrating the page; six languages need only a few
 * separators, twelve month names and three units each. The backend writes e-mails and invoices from the same
 * table (backend/splash/core/formatting.py).
 */

const NBSP = "\u00a0";
const NNBSP = "\u202f";

type Style = {
  /** The amount placed around the euro sign, with `{sign}` where a minus goes. */
  money: string;
  minus: string;
  group: string;
  decimal: string;
  /** Digits before the first group separator appears (Spanish groups from 10 000 on). */
  minGrouping: number;
  months: string[];
  date: string;
  and: string;
  /** A number of hours, minutes and seconds, short: one pattern for 1 and one for other numbers. */
  units: Record<Unit, [one: string, other: string]>;
};

type Unit = "hour" | "minute" | "second";

const same = (pattern: string): [string, string] => [pattern, pattern];

const EN: Style = {
  money: "{sign}€{amount}",
  minus: "-",
  group: ",",
  decimal: ".",
  minGrouping: 4,
  months: "January February March April May June July August September October November December".split(" "),
  date: "{day} {month} {year}",
  and: "and",
  units: { hour: ["{n} hr", "{n} hrs"], minute: ["{n} min", "{n} mins"], second: ["{n} sec", "{n} secs"] },
};

const STYLES: Record<string, Style> = {
  nl: {
    money: `€${NBSP}{sign}{amount}`,
    minus: "-",
    group: ".",
    decimal: ",",
    minGrouping: 4,
    months: "januari februari maart april mei juni juli augustus september oktober november december".split(" "),
    date: "{day} {month} {year}",
    and: "en",
    units: { hour: same("{n} uur"), minute: same("{n} min"), second: same("{n} sec") },
  },
  en: EN,
  de: {
    money: `{sign}{amount}${NBSP}€`,
    minus: "-",
    group: ".",
    decimal: ",",
    minGrouping: 4,
    months: "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(" "),
    date: "{day}. {month} {year}",
    and: "und",
    units: { hour: same("{n} Std."), minute: same("{n} Min."), second: same("{n} Sek.") },
  },
  es: {
    money: `{sign}{amount}${NBSP}€`,
    minus: "-",
    group: ".",
    decimal: ",",
    minGrouping: 5,
    months: "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(" "),
    date: "{day} de {month} de {year}",
    and: "y",
    units: { hour: same("{n} h"), minute: same("{n} min"), second: same("{n} s") },
  },
  fr: {
    money: `{sign}{amount}${NBSP}€`,
    minus: "-",
    group: NNBSP,
    decimal: ",",
    minGrouping: 4,
    months: "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(" "),
    date: "{day} {month} {year}",
    and: "et",
    units: { hour: same(`{n}${NNBSP}h`), minute: same(`{n}${NBSP}min`), second: same(`{n}${NNBSP}s`) },
  },
  sv: {
    money: `{sign}{amount}${NBSP}€`,
    minus: "\u2212",
    group: NBSP,
    decimal: ",",
    minGrouping: 4,
    months: "januari februari mars april maj juni juli augusti september oktober november december".split(" "),
    date: "{day} {month} {year}",
    and: "och",
    units: { hour: same("{n} tim"), minute: same("{n} min"), second: same("{n} s") },
  },
};

function styleOf(language: string): Style {
  return STYLES[language] ?? EN;
}

function fill(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** An amount of euro cents as a price, e.g. 4995 → "€ 49,95" (nl) or "€49.95" (en). */
export function formatPrice(cents: number, language: string): string {
  const style = styleOf(language);
  const rounded = Math.round(Math.abs(cents));
  const digits = String(Math.floor(rounded / 100));
  const whole = digits.length < style.minGrouping ? digits : digits.replace(/\B(?=(\d{3})+$)/g, style.group);
  const amount = `${whole}${style.decimal}${String(rounded % 100).padStart(2, "0")}`;
  return fill(style.money, { sign: cents < 0 && rounded > 0 ? style.minus : "", amount });
}

const zoneDays = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `date` in `timeZone`: UTC's, the browser's own (none given), or a named zone's. */
function calendarDay(date: Date, timeZone?: string): { year: number; month: number; day: number } {
  if (timeZone === "UTC") return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
  if (!timeZone) return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
  // A named zone needs its daylight-saving rules: only Intl knows them (account pages, not first loads).
  let format = zoneDays.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    zoneDays.set(timeZone, format);
  }
  const part = (type: string) => Number(format.formatToParts(date).find((candidate) => candidate.type === type)?.value);
  return { year: part("year"), month: part("month") - 1, day: part("day") };
}

/** A long date in the page's language ("1 May 2025", "1 mei 2025"), on the calendar of `timeZone`. */
export function formatLongDate(date: Date, language: string, timeZone?: string): string {
  const style = styleOf(language);
  const { year, month, day } = calendarDay(date, timeZone);
  return fill(style.date, { day, month: style.months[month] ?? "", year });
}

/** Items joined as a sentence does: "blue, pink and yellow", "blauw en roze". */
export function formatList(items: string[], language: string): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${styleOf(language).and} ${items[items.length - 1]}`;
}

/**
 * How long a video lasts, to the second, as the page's language abbreviates units: "7 sec",
 * "1 min 24 sec", "1 Min. 24 Sek." (de), "2 min" — and past an hour to the minute, "1 hr 5 mins".
 */
export function formatDuration(ms: number, language: string): string {
  const { units } = styleOf(language);
  const unit = (name: Unit, n: number) => fill(units[name][n === 1 ? 0 : 1], { n });
  const total = Math.max(0, Math.round(ms / 1000));
  if (total >= 3600) {
    const minutes = Math.round((total % 3600) / 60);
    const hours = Math.floor(total / 3600) + (minutes === 60 ? 1 : 0);
    return minutes % 60 ? `${unit("hour", hours)} ${unit("minute", minutes)}` : unit("hour", hours);
  }
  if (total < 60) return unit("second", total);
  const seconds = total % 60;
  const minutes = unit("minute", Math.floor(total / 60));
  return seconds ? `${minutes} ${unit("second", seconds)}` : minutes;
}

/** The same length as HTML's <time datetime> reads it: "PT7S", "PT1M24S". */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds || !total ? `${seconds}S` : ""}`;
}
