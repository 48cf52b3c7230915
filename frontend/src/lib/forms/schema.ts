/** Field declarations compiled to one yup schema; each field runs its rules in order. */
import type { TFunction } from "i18next";
import { mixed, object, type AnyObject, type ObjectSchema } from "yup";
import { ruleMessage, type MessageOverrides } from "./messages";
import { firstFailure, parseRules, type RuleCall, type RuleSpec, type Values } from "./rules";

/** When a field shows its message: after leaving it (default), once changed (checkboxes), or while typing. */
export type ShowMode = "blur" | "dirty" | "live";

export type FieldDefinition = {
  label: string;
  rules?: RuleSpec;
  messages?: MessageOverrides;
  show?: ShowMode;
};

export type FieldDefinitions = Record<string, FieldDefinition>;

export type CompiledField = FieldDefinition & { name: string; calls: RuleCall[] };

/** Parses every rule up front, so an unknown rule name fails when the form is declared. */
export function compileFields(fields: FieldDefinitions): CompiledField[] {
  return Object.entries(fields).map(([name, field]) => ({ ...field, name, calls: parseRules(field.rules) }));
}

export function buildSchema(
  fields: CompiledField[],
  t: TFunction,
  language: string,
  formMessages: MessageOverrides = {},
): ObjectSchema<AnyObject> {
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const labelOf = (name: string) => labels.get(name) ?? name;
  const shape = Object.fromEntries(
    fields.map((field) => [
      field.name,
      mixed().test({
        name: "rules",
        test(value, context) {
          const failed = firstFailure(field.calls, value, { name: field.name, values: context.parent as Values });
          if (!failed) return true;
          const overrides = { ...formMessages, ...field.messages };
          return context.createError({ message: ruleMessage(failed, { t, language, label: field.label, labelOf, overrides }) });
        },
      }),
    ]),
  );
  return object(shape);
}
