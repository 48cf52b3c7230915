/**
 * One message per rule, in the user's language, with the field's label. A field or a whole form
 * can override the message of any rule, and the default 'This field is not valid.'.
 */
import type { TFunction } from "i18next";
import { formatLongDate } from "../i18n";
import type { RuleCall, RuleName } from "./rules";

export type MessageOverrides = Partial<Record<RuleName | "invalid", string>>;

function formatDate(raw: string | undefined, language: string): string {
  const date = raw ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00` : raw) : new Date();
  if (Number.isNaN(date.getTime())) return raw ?? "";
  return formatLongDate(date, language);
}

/** `length` has three wordings: at least, at most, between. */
function messageKey(call: RuleCall): string {
  if (call.name !== "length") return call.name;
  const [min, max] = call.args;
  if (max === undefined) return "length_min";
  return Number(min ?? 0) > 0 ? "length_between" : "length_max";
}

export type MessageContext = {
  t: TFunction;
  language: string;
  label: string;
  /** The label of another field (for confirm and require_one). */
  labelOf: (name: string) => string;
  overrides?: MessageOverrides;
};

export function ruleMessage(call: RuleCall, { t, language, label, labelOf, overrides = {} }: MessageContext): string {
  const custom = overrides[call.name];
  if (custom) return custom;
  const [first, second] = call.args;
  const range = call.name === "between" || call.name === "length";
  return t(`forms.rules.${messageKey(call)}`, {
    field: label,
    min: first,
    max: range ? second : first,
    values: call.args.join(", "),
    value: first,
    format: first ?? "YYYY-MM-DD",
    others: call.args.map(labelOf).join(" / "),
    date: formatDate(first, language),
    start: formatDate(first, language),
    end: formatDate(second, language),
    defaultValue: overrides.invalid ?? t("forms.invalid"),
  });
}
