/**
 * The block list editor: every block type's example drawn from its form alone and given back
 * unchanged; add, remove after a question, reorder by keyboard (with what a screen reader
 * hears) and by dragging, collapse and expand.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { describe, expect, test, vi } from "vitest";
import { ALL_TYPES, EXAMPLES } from "../../testing/block-examples";
import FORMS from "../../testing/block-forms.json";
import type { BlockForm, BlockValue } from "./block-forms-api";
import { fakeClient, inStudio } from "../editing/testing";
import { BlockList } from "./block-list";

const forms = FORMS as BlockForm[];
/** The studio around the list: its texts, and a session whose client finds no library image. */
const library = fakeClient();
const Studio = ({ children }: { children: ReactNode }) => inStudio(children, library.client);
const formOf = (type: string) => forms.find((form) => form.type === type) as BlockForm;

/** The stored part of a published example: the fields its form has (the shop adds data from other domains). */
function stored(type: string): BlockValue {
  const example = EXAMPLES[type as keyof typeof EXAMPLES] as unknown as Record<string, unknown>;
  const names = new Set(formOf(type).fields.map((field) => field.name));
  return Object.fromEntries(Object.entries(example).filter(([key]) => key === "type" || names.has(key))) as BlockValue;
}

function Harness({ initial, onChange }: { initial: BlockValue[]; onChange: (blocks: BlockValue[]) => void }) {
  const [blocks, setBlocks] = useState(initial);
  return (
    <Studio>
      <BlockList
        forms={forms}
        blocks={blocks}
        onChange={(next) => {
          setBlocks(next);
          onChange(next);
        }}
        locale="nl"
      />
    </Studio>
  );
}

function draw(initial: BlockValue[]) {
  const onChange = vi.fn<(blocks: BlockValue[]) => void>();
  render(<Harness initial={initial} onChange={onChange} />);
  const last = () => onChange.mock.calls.at(-1)?.[0];
  return { onChange, last };
}

/** The values of the form's inputs, text areas and selects. */
const controlValues = () => new Set([...document.querySelectorAll("input, textarea, select")].map((control) => (control as HTMLInputElement).value));

const isImage = (value: unknown): value is { src: string } => typeof (value as { src?: unknown } | null)?.src === "string";

/** Every plain text, number and choice of a block (not the rich text, drawn by its editor; not an image, shown as a picture). */
function shownValues(value: unknown, key = ""): string[] {
  if (Array.isArray(value)) return key === "body" || key === "answer" ? [] : value.flatMap((item) => shownValues(item));
  if (isImage(value)) return [];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([name, inner]) => (name === "type" ? [] : shownValues(inner, name)));
  return [String(value)];
}

describe("every block type's form", () => {
  test.each(ALL_TYPES)("%s is drawn from its definition and goes back unchanged", (type) => {
    const block = stored(type);
    const { onChange, last } = draw([block]);

    const shown = controlValues();
    expect(shownValues(block).filter((value) => !shown.has(value))).toEqual([]);
    const pictures = new Set([...document.querySelectorAll("img")].map((image) => image.getAttribute("src")));
    expect(Object.values(block).filter(isImage).filter((image) => !pictures.has(image.src))).toEqual([]);
    const inputs = screen.queryAllByRole("textbox").filter((element) => element.tagName !== "DIV");
    if (inputs.length === 0) {
      expect(onChange).not.toHaveBeenCalled();
      return;
    }
    const first = inputs[0] as HTMLInputElement;
    const original = first.value;
    fireEvent.change(first, { target: { value: `${original}!` } });
    expect(last()).not.toEqual([block]);
    fireEvent.change(first, { target: { value: original } });
    expect(last()).toEqual([block]);
  });

  test("a rich text is drawn in its editor, loaded with the first one", async () => {
    draw([stored("faq")]);
    expect((await screen.findByRole("textbox", { name: "Answer" })).textContent).toBe("Splashing fun.");
    expect(screen.getByRole("toolbar", { name: "Answer" })).toBeTruthy();
  });

  test("an icon is chosen from the shop's set, drawn, and named when the shop has none by its name", () => {
    draw([{ type: "icons", items: [{ icon: "mdi:truck-fast", title: "Fast" }, { icon: "mdi:not-in-the-set", title: "Odd" }] }]);
    const [known, unknown] = screen.getAllByLabelText(/^Icon$/) as HTMLInputElement[];
    expect(document.getElementById(known?.getAttribute("list") ?? "")?.querySelectorAll("option").length).toBeGreaterThan(20);
    expect(known?.parentElement?.querySelector("svg")).not.toBeNull();
    expect(unknown?.parentElement?.querySelector("svg")).toBeNull();
    expect(screen.getAllByText("The shop has no icon by this name: it will not show.")).toHaveLength(1);
  });

  test("an optional field cleared is left out, as the backend stores it", () => {
    const { last } = draw([{ type: "intro", eyebrow: "New", title: "Swim", text: "Go" }]);
    fireEvent.change(screen.getByLabelText(/^Eyebrow/), { target: { value: "" } });
    expect(last()).toEqual([{ type: "intro", title: "Swim", text: "Go" }]);
  });

  test("an error shows once the field is left, naming it", () => {
    draw([{ type: "intro", title: "Swim", text: "Go" }]);
    const title = screen.getByLabelText(/^Title/);
    fireEvent.change(title, { target: { value: "" } });
    expect(screen.queryByText("Title is required.")).toBeNull();
    fireEvent.blur(title);
    expect(screen.getByText("Title is required.").id).toBe(title.getAttribute("aria-describedby")?.split(" ").at(-1));
    expect(title.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("the backend's refusals", () => {
  test("show at their fields at once; the editor's own check, in its language, comes first", () => {
    render(
      <Studio>
        <BlockList
          forms={forms}
          blocks={[{ type: "intro", title: "", text: "Go", eyebrow: "New" }]}
          onChange={() => undefined}
          serverErrors={{ 0: { title: "String should have at least 1 character", eyebrow: "Refused by the server" } }}
          locale="nl"
        />
      </Studio>,
    );
    expect(screen.getByText("Refused by the server").id).toBe(screen.getByLabelText(/^Eyebrow/).getAttribute("aria-describedby")?.split(" ").at(-1));
    expect(screen.getByText("Title is required.")).toBeTruthy();
    expect(screen.queryByText("String should have at least 1 character")).toBeNull();
  });
});

const three: BlockValue[] = [
  { type: "intro", title: "Swim", text: "Go" },
  { type: "text", paragraphs: ["One."] },
  { type: "marquee", items: ["Free shipping"] },
];
const order = (blocks: BlockValue[] | undefined) => blocks?.map((block) => block.type);

describe("the list of blocks", () => {
  test("a block is added by its type; focus moves to it", async () => {
    const { last } = draw([]);
    expect(screen.getByText("This page has no blocks yet.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Block type"), { target: { value: "buttons" } });
    fireEvent.click(screen.getByRole("button", { name: "Add block" }));
    expect(last()).toEqual([{ type: "buttons", buttons: [{ label: "", path: "" }] }]);
    expect(document.activeElement?.textContent).toBe("1. Buttons (to fix)");
    expect(screen.getByRole("status").textContent).toBe("Buttons added as block 1.");
  });

  test("a block is removed only after the question; focus moves to the next one", () => {
    const { last, onChange } = draw(three);
    fireEvent.click(screen.getByRole("button", { name: "Remove Introduction" }));
    const question = screen.getByRole("group", { name: "Remove the block “Introduction”? Its content is lost." });
    expect(document.activeElement?.textContent).toBe("Keep it");
    fireEvent.click(within(question).getByRole("button", { name: "Keep it" }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Remove Introduction" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(order(last())).toEqual(["text", "marquee"]);
    expect(document.activeElement?.textContent).toBe("1. Text");
    expect(screen.getByRole("status").textContent).toBe("Introduction removed.");
  });

  test("the handle moves a block by keyboard, and says where it went", () => {
    const { last } = draw(three);
    const handle = screen.getByRole("button", { name: "Move block 1: Introduction" });
    handle.focus();
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    expect(last()).toBeUndefined(); // not picked up yet
    fireEvent.keyDown(handle, { key: " " });
    expect(handle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Introduction picked up at position 1 of 3. Use the arrow keys to move it, Space to put it down.");
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(order(last())).toEqual(["text", "marquee", "intro"]);
    expect(screen.getByRole("status").textContent).toBe("Introduction moved to position 3 of 3.");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Move block 3: Introduction");
    fireEvent.keyDown(document.activeElement as Element, { key: " " });
    expect(screen.getByRole("status").textContent).toBe("Introduction put down at position 3 of 3.");
  });

  test("the move buttons move a block and keep the focus on the button", () => {
    const { last } = draw(three);
    fireEvent.click(screen.getByRole("button", { name: "Move Scrolling banner up" }));
    expect(order(last())).toEqual(["intro", "marquee", "text"]);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Move Scrolling banner up");
    expect((screen.getByRole("button", { name: "Move Introduction up" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("a block is dragged by its handle onto another's place", () => {
    const { last } = draw(three);
    const dataTransfer = { effectAllowed: "", setData: () => undefined };
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("draggable"))).toEqual(["false", "false", "false"]);
    fireEvent.pointerDown(screen.getByRole("button", { name: "Move block 3: Scrolling banner" }));
    expect(items[2]?.getAttribute("draggable")).toBe("true");
    fireEvent.dragStart(items[2] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(screen.getAllByRole("listitem")[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(screen.getAllByRole("listitem")[0] as HTMLElement, { dataTransfer });
    expect(order(last())).toEqual(["marquee", "intro", "text"]);
  });

  test("a block collapses and expands; its values stay", async () => {
    const { onChange } = draw(three);
    const toggle = screen.getByRole("button", { name: "1. Introduction – Swim" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(screen.getByDisplayValue("Swim")).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  test("list items are added up to the most, moved and removed down to the fewest", () => {
    const { last } = draw([{ type: "buttons", buttons: [{ label: "Shop", path: "/shop" }] }]);
    expect((screen.getByRole("button", { name: "Remove Buttons 1" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Add to Buttons" }));
    expect(last()).toEqual([{ type: "buttons", buttons: [{ label: "Shop", path: "/shop" }, { label: "", path: "" }] }]);
    fireEvent.click(screen.getByRole("button", { name: "Move Buttons 2 up" }));
    expect(last()).toEqual([{ type: "buttons", buttons: [{ label: "", path: "" }, { label: "Shop", path: "/shop" }] }]);
    fireEvent.click(screen.getByRole("button", { name: "Add to Buttons" }));
    fireEvent.click(screen.getByRole("button", { name: "Add to Buttons" }));
    expect((screen.getByRole("button", { name: "Add to Buttons" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove Buttons 1" }));
    expect(last()?.[0]?.buttons).toEqual([{ label: "Shop", path: "/shop" }, { label: "", path: "" }, { label: "", path: "" }]);
  });
});
