/** The toolbar's and the keyboard's commands on an editor, and what a paste inserts. */
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createEditor, Editor, Transforms } from "slate";
import { describe, expect, test, vi } from "vitest";
import { createI18n } from "../../../lib/i18n";
import shopEnglish from "../../../locales/en.json";
import english from "../../locales/en.json";
import { insertImage, isBlockActive, isMarkActive, setLink, shortcutFor, toggleBlock, toggleMark, withRichText } from "./commands";
import { fromSlate, toSlate, type RichText } from "./convert";
import { RichTextEditor } from "./editor";

const text = (value: string, marks = {}) => ({ type: "text" as const, text: value, ...marks });

function editorWith(document: RichText) {
  const editor = withRichText(createEditor());
  editor.children = toSlate(document);
  return editor;
}

const two: RichText = [
  { type: "paragraph", children: [text("Hello water")] },
  { type: "paragraph", children: [text("Second")] },
];

describe("the editor's commands", () => {
  test("a mark toggles on the selection", () => {
    const editor = editorWith(two);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 6 }, focus: { path: [0, 0], offset: 11 } });
    toggleMark(editor, "bold");
    expect(isMarkActive(editor, "bold")).toBe(true);
    expect(fromSlate(editor.children)[0]).toEqual({ type: "paragraph", children: [text("Hello "), text("water", { bold: true })] });
    toggleMark(editor, "bold");
    expect(fromSlate(editor.children)[0]).toEqual({ type: "paragraph", children: [text("Hello water")] });
  });

  test("headings, quote, code and lists toggle on the selected blocks", () => {
    const editor = editorWith(two);
    Transforms.select(editor, { path: [0, 0], offset: 0 });
    toggleBlock(editor, { type: "heading", level: 3 });
    expect(isBlockActive(editor, { type: "heading", level: 3 })).toBe(true);
    expect(fromSlate(editor.children)[0]).toEqual({ type: "heading", level: 3, children: [text("Hello water")] });
    toggleBlock(editor, { type: "heading", level: 3 });
    expect(fromSlate(editor.children)[0]).toEqual({ type: "paragraph", children: [text("Hello water")] });
    toggleBlock(editor, { type: "quote" });
    expect(fromSlate(editor.children)[0]?.type).toBe("quote");
    toggleBlock(editor, { type: "code" });
    expect(fromSlate(editor.children)[0]).toEqual({ type: "code", children: [text("Hello water")] });

    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [1, 0], offset: 3 } });
    toggleBlock(editor, { type: "list", format: "ordered" });
    expect(fromSlate(editor.children)).toEqual([
      { type: "list", format: "ordered", children: [{ type: "list-item", children: [text("Hello water")] }, { type: "list-item", children: [text("Second")] }] },
    ]);
    toggleBlock(editor, { type: "list", format: "ordered" });
    expect(fromSlate(editor.children)).toEqual(two);
  });

  test("a link wraps the selection, or inserts its address; an empty address unlinks", () => {
    const editor = editorWith(two);
    const water = { anchor: { path: [0, 0], offset: 6 }, focus: { path: [0, 0], offset: 11 } };
    setLink(editor, "/shop", water);
    expect(fromSlate(editor.children)[0]).toEqual({ type: "paragraph", children: [text("Hello "), { type: "link", url: "/shop", children: [text("water")] }] });
    setLink(editor, "", { anchor: { path: [0, 1, 0], offset: 1 }, focus: { path: [0, 1, 0], offset: 1 } });
    expect(fromSlate(editor.children)[0]).toEqual({ type: "paragraph", children: [text("Hello water")] });
    setLink(editor, "https://example.com", { path: [1, 0], offset: 6 });
    expect(fromSlate(editor.children)[1]).toEqual({ type: "paragraph", children: [text("Second"), { type: "link", url: "https://example.com", children: [text("https://example.com")] }] });
  });

  test("an image is inserted as a block of its own, a paragraph after it", () => {
    const editor = editorWith(two);
    const image = { src: "/media/swim.jpg", alt: "Pool", width: 10, height: 20 };
    insertImage(editor, image, { path: [1, 0], offset: 6 });
    expect(fromSlate(editor.children).slice(1)).toEqual([
      { type: "paragraph", children: [text("Second")] },
      { type: "image", image },
      { type: "paragraph", children: [text("")] },
    ]);
  });

  test("a paste of HTML inserts allowed nodes only", () => {
    const editor = editorWith([{ type: "paragraph", children: [text("")] }]);
    Transforms.select(editor, Editor.start(editor, []));
    const data = { getData: (kind: string) => (kind === "text/html" ? '<p>Safe <b>bold</b><script>alert(1)</script></p><h2 onclick="x()">Head</h2>' : "") } as DataTransfer;
    editor.insertData(data);
    expect(fromSlate(editor.children)).toEqual([
      { type: "paragraph", children: [text("Safe "), text("bold", { bold: true })] },
      { type: "heading", level: 2, children: [text("Head")] },
    ]);
  });

  test("the shortcuts", () => {
    const key = (over: Partial<KeyboardEvent>) => shortcutFor({ key: "", code: "", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, ...over });
    expect(key({ key: "b" })).toEqual({ mark: "bold" });
    expect(key({ key: "I" })).toEqual({ mark: "italic" });
    expect(key({ key: "u", ctrlKey: false, metaKey: true })).toEqual({ mark: "underline" });
    expect(key({ key: "e" })).toEqual({ mark: "code" });
    expect(key({ key: "X", code: "KeyX", shiftKey: true })).toEqual({ mark: "strikethrough" });
    expect(key({ key: "k" })).toEqual({ link: true });
    expect(key({ key: "2", code: "Digit2", altKey: true })).toEqual({ block: { type: "heading", level: 2 } });
    expect(key({ key: "0", code: "Digit0", altKey: true })).toEqual({ block: { type: "paragraph" } });
    expect(key({ key: "c", code: "KeyC", altKey: true })).toEqual({ block: { type: "code" } });
    expect(key({ key: "&", code: "Digit7", shiftKey: true })).toEqual({ block: { type: "list", format: "ordered" } });
    expect(key({ key: "*", code: "Digit8", shiftKey: true })).toEqual({ block: { type: "list", format: "unordered" } });
    expect(key({ key: "(", code: "Digit9", shiftKey: true })).toEqual({ block: { type: "quote" } });
    expect(key({ key: "b", ctrlKey: false })).toBeNull();
  });
});

describe("the editor on screen", () => {
  function draw() {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={createI18n("en", { ...shopEnglish, studio: english })}>
        <span id="label">Body</span>
        <RichTextEditor id="body" value={two} onChange={onChange} labelledBy="label" />
      </I18nextProvider>,
    );
    return onChange;
  }

  test("a labelled text box with a toolbar whose buttons say whether they are on", () => {
    draw();
    expect(screen.getByRole("textbox", { name: "Body" }).textContent).toBe("Hello waterSecond");
    const toolbar = screen.getByRole("toolbar", { name: "Body" });
    expect(toolbar.querySelectorAll("button")).toHaveLength(18);
    expect(screen.getByRole("button", { name: "Bold (Ctrl+B)" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Heading 2 (Ctrl+Alt+2)" }).getAttribute("aria-pressed")).toBe("false");
    const bold = screen.getByRole("button", { name: "Bold (Ctrl+B)" });
    bold.focus();
    fireEvent.keyDown(bold, { key: "ArrowRight" });
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Italic (Ctrl+I)");
  });

  test("the link dialog refuses an address the backend refuses; Escape closes it", () => {
    draw();
    fireEvent.click(screen.getByRole("button", { name: "Link (Ctrl+K)" }));
    const dialog = screen.getByRole("dialog", { name: "Link" });
    const address = screen.getByLabelText(/^Address:/);
    expect(document.activeElement).toBe(address);
    fireEvent.change(address, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText("Start the address with /, https://, http://, mailto:, tel: or # (at most 512 characters).")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("the image dialog checks the address, alternative text and size", () => {
    draw();
    fireEvent.click(screen.getByRole("button", { name: "Image" }));
    fireEvent.change(screen.getByLabelText("Image address"), { target: { value: "https://elsewhere.example/a.jpg" } });
    fireEvent.change(screen.getByLabelText("Width (pixels)"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText("Use an address from the media library, starting with /media/.")).toBeTruthy();
    expect(screen.getByText("Width (pixels) must be between 1 and 4000.")).toBeTruthy();
    expect(screen.getByText("Height (pixels) must be between 1 and 4000.")).toBeTruthy();
  });
});
