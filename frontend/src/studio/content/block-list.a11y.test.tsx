/**
 * The block list holds to axe's rules (as the end-to-end tests check the shop's pages): every
 * block type's form at once, with a rich-text editor, an open removal question and errors shown.
 * Colour contrast is left to the browser tests (jsdom draws nothing).
 */
import { render, screen, fireEvent } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { describe, expect, test } from "vitest";
import { ALL_TYPES, EXAMPLES } from "../../testing/block-examples";
import FORMS from "../../testing/block-forms.json";
import type { BlockForm, BlockValue } from "./block-forms-api";
import { fakeClient, inStudio } from "../editing/testing";
import { BlockList } from "./block-list";

const forms = FORMS as BlockForm[];
/** The studio around the list: its texts, and a session whose client finds no library image. */
const library = fakeClient();
const Studio = ({ children }: { children: ReactNode }) => inStudio(children, library.client);

function stored(type: string): BlockValue {
  const example = EXAMPLES[type as keyof typeof EXAMPLES] as unknown as Record<string, unknown>;
  const names = new Set(forms.find((form) => form.type === type)?.fields.map((field) => field.name));
  return Object.fromEntries(Object.entries(example).filter(([key]) => key === "type" || names.has(key))) as BlockValue;
}

describe("the block list's accessibility", () => {
  test("every block type's form, errors shown and a question open, breaks no axe rule", async () => {
    const blocks = [...ALL_TYPES.map(stored), { type: "intro", title: "", text: "" }];
    const { container } = render(
      <Studio>
        <main>
          <h1>Home page</h1>
          <h2>Blocks</h2>
          <BlockList forms={forms} blocks={blocks} onChange={() => undefined} showErrors locale="nl" />
        </main>
      </Studio>,
    );
    await screen.findAllByRole("toolbar", {}, { timeout: 10_000 }); // the editor loads with the first rich-text field
    fireEvent.click(screen.getAllByRole("button", { name: "Remove Introduction" })[0] as HTMLElement);
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  }, 120_000); // axe walks some thousand elements in jsdom
});
