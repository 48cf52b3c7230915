import { afterEach, describe, expect, test, vi } from "vitest";
import { firstFailure, isEmpty, parseRules, RULES, type RuleName, type Values } from "./rules";

/** Runs one rule spec against a value; true when the value passes every rule. */
function passes(spec: string | string[], value: unknown, values: Values = {}): boolean {
  return firstFailure(parseRules(spec), value, { name: "field", values: { ...values, field: value } }) === null;
}

/** The empty values every rule except required, accepted and require_one skips. */
const EMPTY_VALUES: [string, unknown][] = [
  ['""', ""],
  ["null", null],
  ["undefined", undefined],
  ["whitespace", "  \t\n "],
  ["[]", []],
];

/** The rules that are about emptiness, so they see empty values too. */
const EMPTINESS_RULES: RuleName[] = ["accepted", "require_one", "required"];

type Case = { spec: string; values?: Values; passes: unknown[]; fails: unknown[] };

/** One row per rule in RULES: a rule added without cases fails the first test below. */
const CASES: Record<RuleName, Case> = {
  accepted: { spec: "accepted", passes: [true, "true", "yes", "on", "1", 1], fails: [false, "false", "no", "off", "0", 0, ""] },
  alpha: { spec: "alpha", passes: ["abc", "Zoë", "Ærø"], fails: ["abc1", "ab c", "a-b"] },
  alpha_spaces: { spec: "alpha_spaces", passes: ["Jan de Vries", "Zoë"], fails: ["Jan-de Vries", "Jan 2"] },
  alphanumeric: { spec: "alphanumeric", passes: ["abc123", "Ærø7"], fails: ["abc 123", "abc!"] },
  between: { spec: "between:1,10", passes: ["1", "10", "5,5", 7], fails: ["0", "10.5", "11", "abc"] },
  confirm: { spec: "confirm:password", values: { password: "Geheim123!" }, passes: ["Geheim123!"], fails: ["geheim123!", "Geheim123"] },
  contains_alpha: { spec: "contains_alpha", passes: ["123a", "é"], fails: ["123!"] },
  contains_alpha_spaces: { spec: "contains_alpha_spaces", passes: ["1 2", "1a"], fails: ["123", "1-2"] },
  contains_alphanumeric: { spec: "contains_alphanumeric", passes: ["!a", "!1"], fails: ["!?-"] },
  contains_lowercase: { spec: "contains_lowercase", passes: ["ABc", "ÀÉß"], fails: ["ABC1"] },
  contains_numeric: { spec: "contains_numeric", passes: ["abc1"], fails: ["abc"] },
  contains_symbol: { spec: "contains_symbol", passes: ["abc!", "a€", "a-b"], fails: ["abc1"] },
  contains_uppercase: { spec: "contains_uppercase", passes: ["abC", "éÉ"], fails: ["abc1"] },
  date_after: { spec: "date_after:2026-05-01", passes: ["2026-05-02"], fails: ["2026-05-01", "2026-04-30", "not a date"] },
  date_after_or_equal: { spec: "date_after_or_equal:2026-05-01", passes: ["2026-05-01", "2026-05-02"], fails: ["2026-04-30", "not a date"] },
  date_before: { spec: "date_before:2026-05-01", passes: ["2026-04-30"], fails: ["2026-05-01", "2026-05-02", "not a date"] },
  date_before_or_equal: { spec: "date_before_or_equal:2026-05-01", passes: ["2026-05-01", "2026-04-30"], fails: ["2026-05-02", "not a date"] },
  date_between: {
    spec: "date_between:2026-05-01,2026-05-31",
    passes: ["2026-05-01", "2026-05-15", "2026-05-31"],
    fails: ["2026-04-30", "2026-06-01", "not a date"],
  },
  date_format: { spec: "date_format:DD-MM-YYYY", passes: ["01-05-2026", "29-02-2024"], fails: ["31-02-2024", "29-02-2026", "2026-05-01", "1-5-2026"] },
  email: {
    spec: "email",
    passes: ["jan@example.com", "jan.de.vries+shop@mail.example.nl"],
    fails: ["jan@example", "jan example@example.com", "jan@@example.com", "jan@example.c", "janexample.com"],
  },
  ends_with: { spec: "ends_with:.nl,.de", passes: ["splash.nl", "splash.de"], fails: ["splash.com", ".nl.com"] },
  is: { spec: "is:nl,de", passes: ["nl", "de"], fails: ["NL", "fr", "nl "] },
  length: { spec: "length:2,4", passes: ["ab", "abcd", "😀😀", ["a", "b"]], fails: ["a", "abcde", "😀", ["a", "b", "c", "d", "e"]] },
  lowercase: { spec: "lowercase", passes: ["abc", "straße"], fails: ["abC", "abc1", "ab c"] },
  matches: { spec: "matches:/^[0-9]{4}\\s?[a-z]{2}$/i", passes: ["1234 AB", "1234ab"], fails: ["123 AB", "1234 ABC"] },
  max: { spec: "max:10", passes: ["10", 9, "-1", "9,5"], fails: ["11", 10.5, "abc"] },
  min: { spec: "min:18", passes: ["18", 99], fails: ["17", 17.9, "abc"] },
  not: { spec: "not:admin,root", passes: ["jan", "Admin"], fails: ["admin", "root"] },
  number: { spec: "number", passes: ["42", "-1.5", "1,5", " 7 ", 3], fails: ["abc", "12abc", "Infinity", "1.2.3"] },
  require_one: { spec: "require_one:phone", values: { phone: "" }, passes: ["jan@example.com"], fails: ["", null, undefined, " ", []] },
  required: { spec: "required", passes: ["x", 0, false, ["a"]], fails: ["", null, undefined, "  \t\n ", []] },
  starts_with: { spec: "starts_with:+31,+49", passes: ["+31 20 123 4567", "+49 30 1234"], fails: ["0031 20 123 4567"] },
  symbol: { spec: "symbol", passes: ["!?€", "-"], fails: ["!a", "! "] },
  uppercase: { spec: "uppercase", passes: ["ABC", "ÄÖÜ"], fails: ["ABc", "ABC1", "AB C"] },
  url: { spec: "url", passes: ["https://splash.nl/shop?x=1", "http://example.com"], fails: ["ftp://example.com", "splash.nl", "http://localhost"] },
};

describe("RULES", () => {
  test("the case table has exactly one row per rule in RULES", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(RULES).sort());
  });

  test("every row has at least one passing and one failing value", () => {
    const incomplete = Object.entries(CASES).filter(([, row]) => row.passes.length === 0 || row.fails.length === 0);
    expect(incomplete.map(([name]) => name)).toEqual([]);
  });

  test.each(Object.entries(CASES))("%s: the passing values pass", (_name, row) => {
    // given / when
    const results = row.passes.map((value) => [value, passes(row.spec, value, row.values)]);
    // then
    expect(results).toEqual(row.passes.map((value) => [value, true]));
  });

  test.each(Object.entries(CASES))("%s: the failing values fail with that rule", (name, row) => {
    const failures = row.fails.map((value) =>
      firstFailure(parseRules(row.spec), value, { name: "field", values: { ...row.values, field: value } })?.name,
    );
    expect(failures).toEqual(row.fails.map(() => name));
  });

  const skipping = Object.entries(CASES).filter(([name]) => !EMPTINESS_RULES.includes(name as RuleName));

  test("every rule but required, accepted and require_one skips empty values", () => {
    expect(skipping.map(([name]) => name).sort()).toEqual(
      Object.keys(RULES)
        .filter((name) => !["accepted", "require_one", "required"].includes(name))
        .sort(),
    );
  });

  test.each(skipping.flatMap(([name, row]) => EMPTY_VALUES.map(([label, value]) => [name, label, row, value] as const)))(
    "%s skips the empty value %s",
    (_name, _label, row, value) => {
      expect(passes(row.spec, value, row.values)).toBe(true);
    },
  );

  test.each(EMPTY_VALUES)("required fails on the empty value %s", (_label, value) => {
    expect(passes("required", value)).toBe(false);
  });

  test.each(EMPTY_VALUES)("accepted fails on the empty value %s", (_label, value) => {
    expect(passes("accepted", value)).toBe(false);
  });

  test.each(EMPTY_VALUES)("require_one fails on the empty value %s when the other field is empty too", (_label, value) => {
    expect(passes("require_one:phone", value, { phone: value })).toBe(false);
  });

  test.each(EMPTY_VALUES)("require_one passes on the empty value %s when the other field is filled", (_label, value) => {
    expect(passes("require_one:phone", value, { phone: "+31 20 123 4567" })).toBe(true);
  });

  test("require_one passes when any one of several other fields is filled", () => {
    expect(passes("require_one:phone,mobile", "", { phone: "", mobile: "06 1234 5678" })).toBe(true);
    expect(passes("require_one:phone,mobile", "", { phone: " ", mobile: null })).toBe(false);
  });
});

describe("isEmpty", () => {
  test.each(EMPTY_VALUES)("%s is empty", (_label, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  test.each([
    ["a string", "a"],
    ["zero", 0],
    ["false", false],
    ["a list with an item", [""]],
    ["an object", {}],
  ])("%s is not empty", (_label, value) => {
    expect(isEmpty(value)).toBe(false);
  });
});

describe("confirm", () => {
  test("without an argument it compares with <name>_confirm", () => {
    // given
    const calls = parseRules("confirm");
    // when / then
    expect(firstFailure(calls, "Geheim123!", { name: "password", values: { password_confirm: "Geheim123!" } })).toBeNull();
    expect(firstFailure(calls, "Geheim123!", { name: "password", values: { password_confirm: "Anders" } })).toEqual({ name: "confirm", args: [] });
  });
});

describe("url", () => {
  test.each(["https://splash.nl", "http://splash.nl", "HTTPS://SPLASH.NL/shop"])("accepts %s", (value) => {
    expect(passes("url", value)).toBe(true);
  });

  test.each(["ftp://splash.nl", "mailto:jan@splash.nl", "javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi", "//splash.nl", "splash.nl"])(
    "refuses %s (only http and https)",
    (value) => {
      expect(passes("url", value)).toBe(false);
    },
  );
});

describe("dates", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("without an argument the date rules compare with now", () => {
    // given
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 4, 1, 12, 0, 0));
    // when / then
    expect(passes("date_after", "2026-05-02")).toBe(true);
    expect(passes("date_after", "2026-05-01")).toBe(false); // midnight is before noon
    expect(passes("date_before", "2026-05-01")).toBe(true);
    expect(passes("date_before", "2026-05-02")).toBe(false);
  });

  test("date_format defaults to YYYY-MM-DD", () => {
    expect(passes("date_format", "2026-05-01")).toBe(true);
    expect(passes("date_format", "01-05-2026")).toBe(false);
    expect(passes("date_format", "2026-02-30")).toBe(false);
  });

  test("date_format DD-MM-YYYY rejects 31-02-2024 and accepts the leap day 29-02-2024", () => {
    expect(passes("date_format:DD-MM-YYYY", "31-02-2024")).toBe(false);
    expect(passes("date_format:DD-MM-YYYY", "29-02-2024")).toBe(true);
  });

  test("date_format with D/M/YY accepts one-digit days and months and two-digit years", () => {
    expect(passes("date_format:D/M/YY", "1/5/26")).toBe(true);
    expect(passes("date_format:D/M/YY", "29/2/25")).toBe(false);
    expect(passes("date_format:D/M/YY", "1-5-26")).toBe(false);
  });

  test("date_format treats the dots of DD.MM.YYYY literally", () => {
    expect(passes("date_format:DD.MM.YYYY", "01.05.2026")).toBe(true);
    expect(passes("date_format:DD.MM.YYYY", "01x05x2026")).toBe(false);
  });

  test("an impossible ISO date is refused rather than rolled over", () => {
    expect(passes("date_after:2026-03-01", "2026-02-31")).toBe(false);
    expect(passes("date_after:2026-01-01", "2026/05/01")).toBe(false);
  });
});

describe("parseRules", () => {
  test('"required|email" gives two calls without arguments', () => {
    expect(parseRules("required|email")).toEqual([
      { name: "required", args: [] },
      { name: "email", args: [] },
    ]);
  });

  test('"length:8,64" gives two arguments', () => {
    expect(parseRules("length:8,64")).toEqual([{ name: "length", args: ["8", "64"] }]);
  });

  test('"confirm:password" names the other field', () => {
    expect(parseRules("confirm:password")).toEqual([{ name: "confirm", args: ["password"] }]);
  });

  test("a list gives the same calls as the string", () => {
    expect(parseRules(["required", "length:8,64"])).toEqual(parseRules("required|length:8,64"));
  });

  test("a list may hold calls that are already parsed", () => {
    expect(parseRules(["required", { name: "length", args: ["8", "64"] }])).toEqual([
      { name: "required", args: [] },
      { name: "length", args: ["8", "64"] },
    ]);
  });

  test("a parsed call in a list keeps its argument boundaries", () => {
    expect(parseRules([{ name: "is", args: ["1,5"] }])).toEqual([{ name: "is", args: ["1,5"] }]);
    expect(() => parseRules([{ name: "nope" as "is", args: [] }])).toThrow('Unknown validation rule "nope"');
  });

  test("a regular expression argument keeps its commas", () => {
    expect(parseRules("matches:/^a,b$/")).toEqual([{ name: "matches", args: ["/^a,b$/"] }]);
  });

  test("in a list, a regular expression argument keeps its commas and pipes", () => {
    // given
    const calls = parseRules(["required", "matches:/^(a|b),c$/"]);
    // then
    expect(calls).toEqual([
      { name: "required", args: [] },
      { name: "matches", args: ["/^(a|b),c$/"] },
    ]);
    expect(firstFailure(calls, "b,c", { name: "field", values: {} })).toBeNull();
    expect(firstFailure(calls, "c", { name: "field", values: {} })).toEqual({ name: "matches", args: ["/^(a|b),c$/"] });
  });

  test("matches with plain arguments compares exact values", () => {
    expect(parseRules("matches:yes,no")).toEqual([{ name: "matches", args: ["yes", "no"] }]);
    expect(passes("matches:yes,no", "no")).toBe(true);
    expect(passes("matches:yes,no", "maybe")).toBe(false);
  });

  test("spaces around names and arguments are ignored, and so are empty parts", () => {
    expect(parseRules(" required || length: 8 , 64 ")).toEqual([
      { name: "required", args: [] },
      { name: "length", args: ["8", "64"] },
    ]);
  });

  test("no rules give no calls", () => {
    expect(parseRules(undefined)).toEqual([]);
    expect(parseRules("")).toEqual([]);
    expect(parseRules([])).toEqual([]);
  });

  test("an unknown rule name throws an Error naming the rule", () => {
    expect(() => parseRules("required|emial")).toThrowError(new Error('Unknown validation rule "emial" in "emial"'));
  });

  test("an unknown rule name in a list throws too, with its arguments", () => {
    expect(() => parseRules(["required", "lenght:8,64"])).toThrowError('Unknown validation rule "lenght" in "lenght:8,64"');
  });

  test("a name inherited from Object.prototype is not a rule", () => {
    expect(() => parseRules("toString")).toThrowError('Unknown validation rule "toString"');
  });
});

describe("firstFailure", () => {
  const context = { name: "email", values: {} };

  test("returns null when every rule passes", () => {
    expect(firstFailure(parseRules("required|email|length:3,254"), "jan@example.com", context)).toBeNull();
  });

  test("rules run in order: the first failing one is returned", () => {
    // given
    const value = "jan@x";
    // when / then
    expect(firstFailure(parseRules("required|email|length:20"), value, context)).toEqual({ name: "email", args: [] });
    expect(firstFailure(parseRules("required|length:20|email"), value, context)).toEqual({ name: "length", args: ["20"] });
  });

  test("an empty value fails on required, wherever it stands, and skips the other rules", () => {
    expect(firstFailure(parseRules("email|required"), "", context)).toEqual({ name: "required", args: [] });
    expect(firstFailure(parseRules("email|length:3"), "", context)).toBeNull();
  });
});
