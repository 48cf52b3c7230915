import { render } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { createI18n } from "./index";
import { I18nProvider, Trans } from "./react";

describe("Trans", () => {
  test("a text's <name>…</name> tags become the given elements with the tag's text inside", () => {
    const i18n = createI18n("en", { consent: "You agree to the <privacy>privacy policy</privacy> and the <terms>terms</terms>." });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Trans i18nKey="consent" components={{ privacy: <a href="/privacy" />, terms: <a href="/terms" /> }} />
      </I18nProvider>,
    );
    expect(container.innerHTML).toBe('You agree to the <a href="/privacy">privacy policy</a> and the <a href="/terms">terms</a>.');
  });
});
