/**
 * contracts/form-rules.json: cases the SPA's rules and the server's (backend/splash/forms/rules.py,
 * checked by backend/tests/forms/test_rules_shared.py) must agree on.
 */
import { describe, expect, test } from "vitest";
import contract from "../../../../contracts/form-rules.json";
import { RULES, firstFailure, parseRules, type Values } from "./rules";

type Case = { rules: string; value: unknown; values: Values; valid: boolean };

const CASES = contract as unknown as Case[];

describe("contracts/form-rules.json", () => {
  test.each(CASES.map((entry, index) => ({ ...entry, index })))(
    "case $index: $rules with $value is valid: $valid",
    ({ rules, value, values, valid }) => {
      const failed = firstFailure(parseRules(rules), value, { name: "field", values: { ...values, field: value } });
      expect(failed === null, `first failing rule: ${JSON.stringify(failed)}`).toBe(valid);
    },
  );

  test("names every rule of the SPA", () => {
    const named = new Set(CASES.flatMap((entry) => parseRules(entry.rules).map((call) => call.name)));
    expect([...named].sort()).toEqual(Object.keys(RULES).sort());
  });

  test("gives every rule a passing and a failing case of its own", () => {
    const verdicts = new Map<string, Set<boolean>>();
    for (const entry of CASES) {
      const calls = parseRules(entry.rules);
      if (calls.length !== 1) continue;
      const name = calls[0]!.name;
      verdicts.set(name, (verdicts.get(name) ?? new Set()).add(entry.valid));
    }
    const incomplete = Object.keys(RULES).filter((name) => verdicts.get(name)?.size !== 2);
    expect(incomplete).toEqual([]);
  });
});
