import type { TFunction } from "i18next";
import { describe, expect, test } from "vitest";
import { ValidationError } from "yup";
import { createI18n, formatLongDate, LOCALES, type Locale, type Messages } from "../i18n";
import de from "../../locales/de.json";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";
import nl from "../../locales/nl.json";
import sv from "../../locales/sv.json";
import { addressFields, personalDetailsFields } from "./groups";
import { ruleMessage, type MessageOverrides } from "./messages";
import { RULES, type RuleCall, type RuleName, type Values } from "./rules";
import { buildSchema, compileFields, type FieldDefinitions } from "./schema";

const MESSAGES: Record<Locale, Messages> = { nl, en, de, es, fr, sv };

const LABELS: Record<string, string> = { password: "Password", phone: "Phone number" };

function messageIn(locale: Locale, call: RuleCall, label: string, overrides?: MessageOverrides): string {
  const i18n = createI18n(locale, MESSAGES[locale]);
  return ruleMessage(call, { t: i18n.t, language: locale, label, labelOf: (name) => LABELS[name] ?? name, overrides });
}

function english(): TFunction {
  return createI18n("en", en).t;
}

/** The message of each field a schema refuses, by field name. */
async function errorsOf(fields: FieldDefinitions, values: Values, formMessages?: MessageOverrides): Promise<Record<string, string>> {
  const schema = buildSchema(compileFields(fields), english(), "en", formMessages);
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? "", inner.message]));
  }
}

const longDate = (locale: Locale, iso: string) => formatLongDate(new Date(`${iso}T00:00:00`), locale);

/**
 * One call per rule (length three times, one per wording), the text key it uses and what the message
 * must show besides the label.
 */
const CALLS: { call: RuleCall; key: string; shows: (locale: Locale) => string[] }[] = [
  { call: { name: "accepted", args: [] }, key: "accepted", shows: () => [] },
  { call: { name: "alpha", args: [] }, key: "alpha", shows: () => [] },
  { call: { name: "alpha_spaces", args: [] }, key: "alpha_spaces", shows: () => [] },
  { call: { name: "alphanumeric", args: [] }, key: "alphanumeric", shows: () => [] },
  { call: { name: "between", args: ["3", "12"] }, key: "between", shows: () => ["3", "12"] },
  { call: { name: "confirm", args: ["password"] }, key: "confirm", shows: () => [] },
  { call: { name: "contains_alpha", args: [] }, key: "contains_alpha", shows: () => [] },
  { call: { name: "contains_alpha_spaces", args: [] }, key: "contains_alpha_spaces", shows: () => [] },
  { call: { name: "contains_alphanumeric", args: [] }, key: "contains_alphanumeric", shows: () => [] },
  { call: { name: "contains_lowercase", args: [] }, key: "contains_lowercase", shows: () => [] },
  { call: { name: "contains_numeric", args: [] }, key: "contains_numeric", shows: () => [] },
  { call: { name: "contains_symbol", args: [] }, key: "contains_symbol", shows: () => [] },
  { call: { name: "contains_uppercase", args: [] }, key: "contains_uppercase", shows: () => [] },
  { call: { name: "date_after", args: ["2026-05-01"] }, key: "date_after", shows: (l) => [longDate(l, "2026-05-01")] },
  { call: { name: "date_after_or_equal", args: ["2026-05-01"] }, key: "date_after_or_equal", shows: (l) => [longDate(l, "2026-05-01")] },
  { call: { name: "date_before", args: ["2026-05-01"] }, key: "date_before", shows: (l) => [longDate(l, "2026-05-01")] },
  { call: { name: "date_before_or_equal", args: ["2026-05-01"] }, key: "date_before_or_equal", shows: (l) => [longDate(l, "2026-05-01")] },
  {
    call: { name: "date_between", args: ["2026-05-01", "2026-05-31"] },
    key: "date_between",
    shows: (l) => [longDate(l, "2026-05-01"), longDate(l, "2026-05-31")],
  },
  { call: { name: "date_format", args: ["DD-MM-YYYY"] }, key: "date_format", shows: () => ["DD-MM-YYYY"] },
  { call: { name: "email", args: [] }, key: "email", shows: () => [] },
  { call: { name: "ends_with", args: [".nl", ".de"] }, key: "ends_with", shows: () => [".nl, .de"] },
  { call: { name: "is", args: ["nl", "de"] }, key: "is", shows: () => ["nl, de"] },
  { call: { name: "length", args: ["8"] }, key: "length_min", shows: () => ["8"] },
  { call: { name: "length", args: ["0", "64"] }, key: "length_max", shows: () => ["64"] },
  { call: { name: "length", args: ["8", "64"] }, key: "length_between", shows: () => ["8", "64"] },
  { call: { name: "lowercase", args: [] }, key: "lowercase", shows: () => [] },
  { call: { name: "matches", args: ["/^a$/"] }, key: "matches", shows: () => [] },
  { call: { name: "max", args: ["99"] }, key: "max", shows: () => ["99"] },
  { call: { name: "min", args: ["18"] }, key: "min", shows: () => ["18"] },
  { call: { name: "not", args: ["admin"] }, key: "not", shows: () => ["admin"] },
  { call: { name: "number", args: [] }, key: "number", shows: () => [] },
  { call: { name: "require_one", args: ["phone"] }, key: "require_one", shows: () => ["Phone number"] },
  { call: { name: "required", args: [] }, key: "required", shows: () => [] },
  { call: { name: "starts_with", args: ["+31"] }, key: "starts_with", shows: () => ["+31"] },
  { call: { name: "symbol", args: [] }, key: "symbol", shows: () => [] },
  { call: { name: "uppercase", args: [] }, key: "uppercase", shows: () => [] },
  { call: { name: "url", args: [] }, key: "url", shows: () => [] },
];

function ruleTemplate(locale: Locale, key: string): string {
  const rules = (MESSAGES[locale].forms as Messages).rules as Messages;
  return rules[key] as string;
}

describe("ruleMessage in every locale", () => {
  test("the call table covers every rule in RULES", () => {
    expect([...new Set(CALLS.map(({ call }) => call.name))].sort()).toEqual(Object.keys(RULES).sort());
  });

  test("the call table covers length's three wordings", () => {
    expect(CALLS.filter(({ call }) => call.name === "length").map(({ key }) => key)).toEqual(["length_min", "length_max", "length_between"]);
  });

  const cases = LOCALES.flatMap((locale) => CALLS.map((row) => [locale, row.key, row] as const));

  test.each(cases)("%s %s: a non-empty text without unfilled placeholders", (locale, key, { call, shows }) => {
    // given
    const label = "Veld X";
    // when
    const message = messageIn(locale, call, label);
    // then
    expect(message.trim()).not.toBe("");
    expect(message).not.toMatch(/\{\{|\}\}/);
    if (ruleTemplate(locale, key).includes("{{field}}")) expect(message).toContain(label);
    for (const part of shows(locale)) expect(message).toContain(part);
  });

  test.each(LOCALES)("%s: length's three wordings are three different texts", (locale) => {
    const texts = CALLS.filter(({ call }) => call.name === "length").map(({ call }) => messageIn(locale, call, "Password"));
    expect(new Set(texts).size).toBe(3);
  });

  test.each(LOCALES)("%s: length:0,64 does not mention a minimum of 0", (locale) => {
    expect(messageIn(locale, { name: "length", args: ["0", "64"] }, "Password")).not.toMatch(/\b0\b/);
  });
});

describe("ruleMessage in English", () => {
  test.each([
    [{ name: "required", args: [] }, "Email address", "Email address is required."],
    [{ name: "email", args: [] }, "Email address", "Please enter a valid email address."],
    [{ name: "url", args: [] }, "Website", "Please enter a valid URL."],
    [{ name: "confirm", args: ["password"] }, "Repeat password", "Repeat password does not match."],
    [{ name: "length", args: ["8"] }, "Password", "Password must be at least 8 characters long."],
    [{ name: "length", args: ["0", "64"] }, "Password", "Password can be at most 64 characters long."],
    [{ name: "length", args: ["8", "64"] }, "Password", "Password must be between 8 and 64 characters long."],
    [{ name: "between", args: ["1", "10"] }, "Quantity", "Quantity must be between 1 and 10."],
    [{ name: "max", args: ["10"] }, "Quantity", "Quantity can be at most 10."],
    [{ name: "min", args: ["1"] }, "Quantity", "Quantity must be at least 1."],
    [{ name: "require_one", args: ["phone"] }, "Email address", "Please fill in Email address or Phone number."],
    [{ name: "is", args: ["nl", "de"] }, "Country", "Country must be one of: nl, de."],
    [{ name: "date_after", args: ["2026-05-01"] }, "Delivery date", "Delivery date must be after 1 May 2026."],
    [{ name: "date_between", args: ["2026-05-01", "2026-05-31"] }, "Delivery date", "Delivery date must be between 1 May 2026 and 31 May 2026."],
    [{ name: "date_format", args: ["DD-MM-YYYY"] }, "Birth date", "Birth date must be a date written as DD-MM-YYYY."],
  ] as [RuleCall, string, string][])("%o with label %s reads %s", (call, label, expected) => {
    expect(messageIn("en", call, label)).toBe(expected);
  });

  test("the form's general texts", () => {
    const t = english();
    expect(t("forms.invalid")).toBe("This field is not valid.");
    expect(t("forms.incomplete")).toBe("Sorry, not all fields are filled out correctly.");
    expect(t("forms.incompleteDefault")).toBe("Form incomplete.");
  });
});

describe("the field groups' required messages", () => {
  test("personal details", async () => {
    // given
    const fields = personalDetailsFields(english());
    // when
    const errors = await errorsOf(fields, { firstname: "", lastname: "", email: "" });
    // then
    expect(errors).toEqual({
      firstname: "First name is required.",
      lastname: "Last name is required.",
      email: "Email address is required.",
    });
  });

  test("an address with a required addition", async () => {
    const fields = addressFields(english(), { requireAddition: true });
    const values = Object.fromEntries(Object.keys(fields).map((name) => [name, ""]));
    expect(await errorsOf(fields, values)).toEqual({
      street: "Street is required.",
      housenumber: "House number is required.",
      addition: "Addition is required.",
      postalCode: "Postal code is required.",
      city: "City is required.",
      country: "Country is required.",
    });
  });

  test("an address without a required addition leaves the addition optional", async () => {
    const fields = addressFields(english());
    const values = Object.fromEntries(Object.keys(fields).map((name) => [name, ""]));
    expect(Object.keys(await errorsOf(fields, values))).toEqual(["street", "housenumber", "postalCode", "city", "country"]);
  });

  test("a prefixed address has prefixed names with the same labels", async () => {
    const fields = addressFields(english(), { prefix: "billing_" });
    expect(Object.keys(fields)).toEqual([
      "billing_street",
      "billing_housenumber",
      "billing_addition",
      "billing_additionalInfo",
      "billing_postalCode",
      "billing_city",
      "billing_country",
    ]);
    expect(await errorsOf(fields, { billing_street: "" })).toMatchObject({ billing_street: "Street is required." });
  });

  test("a country outside the shipping countries is refused, one inside is accepted", async () => {
    const fields = addressFields(english());
    const filled = { street: "Damrak", housenumber: "1", postalCode: "1012 LG", city: "Amsterdam" };
    expect(await errorsOf(fields, { ...filled, country: "be" })).toEqual({ country: "Country must be one of: nl, de, fr, es, se." });
    expect(await errorsOf(fields, { ...filled, country: "se" })).toEqual({});
  });
});

describe("UI texts of the forms", () => {
  const KEYS = ["submit", "loading", "loadMore", "next", "previous", "noFileChosen"] as const;

  test("in English", () => {
    const t = english();
    expect(KEYS.map((key) => t(`forms.${key}`))).toEqual(["Submit", "Loading...", "Load more", "Next", "Previous", "No file chosen"]);
  });

  test.each(LOCALES)("exist and are not empty in %s", (locale) => {
    const t = createI18n(locale, MESSAGES[locale]).t;
    const texts = KEYS.map((key) => t(`forms.${key}`));
    expect(texts.filter((text) => typeof text !== "string" || text.trim() === "")).toEqual([]);
  });
});

describe("overrides", () => {
  const FIELDS: FieldDefinitions = {
    email: { label: "Email address", rules: "required|email", messages: { email: "That is not an email address." } },
    website: { label: "Website", rules: "url" },
  };

  test("a field override replaces the default message of that rule only", async () => {
    expect(await errorsOf(FIELDS, { email: "jan@", website: "" })).toEqual({ email: "That is not an email address." });
    expect(await errorsOf(FIELDS, { email: "", website: "" })).toEqual({ email: "Email address is required." });
  });

  test("a form override replaces the default message for every field", async () => {
    const formMessages: MessageOverrides = { required: "Fill this in.", url: "Not a web address." };
    expect(await errorsOf(FIELDS, { email: "", website: "ftp://x.nl" }, formMessages)).toEqual({
      email: "Fill this in.",
      website: "Not a web address.",
    });
  });

  test("a field override wins over a form override", async () => {
    expect(await errorsOf(FIELDS, { email: "jan@", website: "" }, { email: "Form-wide text." })).toEqual({ email: "That is not an email address." });
  });

  test("ruleMessage returns the override as given", () => {
    const overrides: MessageOverrides = { required: "Required!" };
    expect(messageIn("de", { name: "required", args: [] }, "E-Mail", overrides)).toBe("Required!");
    expect(messageIn("de", { name: "email", args: [] }, "E-Mail", overrides)).not.toBe("Required!");
  });
});

describe("message keys", () => {
  test.each(LOCALES)("%s has a rule text for every rule (length as its three wordings)", (locale) => {
    const rules = (MESSAGES[locale].forms as Messages).rules as Messages;
    const expected = (Object.keys(RULES) as RuleName[]).flatMap((name) => (name === "length" ? ["length_min", "length_max", "length_between"] : [name]));
    expect(Object.keys(rules).sort()).toEqual(expected.sort());
  });
});
