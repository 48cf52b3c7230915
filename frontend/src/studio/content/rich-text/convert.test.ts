/**
 * The stored rich text and Slate's document convert exactly both ways: every document in the
 * fixtures (pages, articles, catalogue and academy texts in six languages) and one holding every
 * node kind and mark, also after Slate has normalised it as the editor does.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createEditor, Editor } from "slate";
import { withHistory } from "slate-history";
import { withReact } from "slate-react";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { withRichText } from "./commands";
import { fromSlate, toSlate, type RichText } from "./convert";

const FIXTURES = join(import.meta.dirname, "../../../../../fixtures");
const BLOCK_KINDS = new Set(["paragraph", "heading", "quote", "code", "image", "list"]);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith(".yaml") ? [path] : [];
  });
}

/** Every rich-text document in a parsed fixture: a list whose items are all rich-text blocks. */
function documents(value: unknown): RichText[] {
  if (Array.isArray(value)) {
    const isDocument = value.length > 0 && value.every((item) => item && typeof item === "object" && BLOCK_KINDS.has((item as { type?: string }).type ?? ""));
    return isDocument ? [value as RichText] : value.flatMap(documents);
  }
  if (value && typeof value === "object") return Object.values(value).flatMap(documents);
  return [];
}

const FOUND = yamlFiles(FIXTURES).flatMap((file) => documents(parse(readFileSync(file, "utf8"))).map((document, index) => [`${file.slice(FIXTURES.length + 1)} #${index + 1}`, document] as const));

const image = { src: "/media/swim.jpg", alt: "Kids in the pool", width: 1200, height: 800 };
const EVERY_KIND: RichText = [
  { type: "heading", level: 1, children: [{ type: "text", text: "Title" }] },
  ...[2, 3, 4, 5, 6].map((level) => ({ type: "heading" as const, level, children: [{ type: "text" as const, text: `Level ${level}` }] })),
  {
    type: "paragraph",
    children: [
      { type: "text", text: "Plain, " },
      { type: "text", text: "bold", bold: true },
      { type: "text", text: " italic", italic: true },
      { type: "text", text: " underlined", underline: true },
      { type: "text", text: " struck", strikethrough: true },
      { type: "text", text: " code", code: true },
      { type: "text", text: " all", bold: true, italic: true, underline: true, strikethrough: true, code: true },
      { type: "text", text: " and a " },
      { type: "link", url: "/shop", children: [{ type: "text", text: "link" }, { type: "text", text: " in bold", bold: true }] },
      { type: "text", text: "." },
    ],
  },
  { type: "paragraph", children: [{ type: "link", url: "https://example.com", children: [{ type: "text", text: "Only a link" }] }] },
  { type: "quote", children: [{ type: "text", text: "A quote with " }, { type: "link", url: "mailto:hello@splash.example", children: [{ type: "text", text: "mail" }] }] },
  { type: "code", language: "python", children: [{ type: "text", text: "print('splash')\nprint('again')" }] },
  { type: "code", children: [{ type: "text", text: "no language" }] },
  { type: "image", image },
  { type: "list", format: "unordered", children: [{ type: "list-item", children: [{ type: "text", text: "One" }] }, { type: "list-item", children: [{ type: "link", url: "#top", children: [{ type: "text", text: "Two" }] }] }] },
  { type: "list", format: "ordered", children: [{ type: "list-item", children: [{ type: "text", text: "First", bold: false }] }] },
  { type: "paragraph", children: [{ type: "text", text: "" }] },
];

/** Slate's value after the editor has normalised it (empty texts around inline links, for one). */
function normalised(document: RichText) {
  const editor = withRichText(withHistory(withReact(createEditor())));
  editor.children = toSlate(document);
  Editor.normalize(editor, { force: true });
  return editor.children;
}

describe("rich text to Slate and back", () => {
  test("the fixtures hold rich text in every language", () => {
    expect(FOUND.length).toBeGreaterThan(50);
    const kinds = new Set(JSON.stringify(FOUND.map(([, document]) => document)).match(/"type":"[a-z-]+"/g));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['"type":"heading"', '"type":"link"', '"type":"list"', '"type":"list-item"', '"type":"paragraph"', '"type":"text"']));
  });

  test.each(FOUND)("%s converts exactly both ways", (_name, document) => {
    expect(fromSlate(toSlate(document))).toEqual(document);
    expect(fromSlate(normalised(document))).toEqual(document);
  });

  test("every node kind and mark converts exactly both ways, also normalised", () => {
    expect(fromSlate(toSlate(EVERY_KIND))).toEqual(EVERY_KIND);
    expect(fromSlate(normalised(EVERY_KIND))).toEqual(EVERY_KIND);
  });

  test("Slate's side: texts without a type, an image holding one empty text, links inline", () => {
    const [paragraph, imageNode] = toSlate([
      { type: "paragraph", children: [{ type: "text", text: "Hi", bold: true }] },
      { type: "image", image },
    ]);
    expect(paragraph).toEqual({ type: "paragraph", children: [{ text: "Hi", bold: true }] });
    expect(imageNode).toEqual({ type: "image", image, children: [{ text: "" }] });
    const editor = withRichText(createEditor());
    expect(editor.isInline({ type: "link", url: "/", children: [{ text: "x" }] })).toBe(true);
    expect(editor.isVoid({ type: "image", image, children: [{ text: "" }] })).toBe(true);
  });

  test("an empty document is one empty paragraph in the editor", () => {
    expect(toSlate([])).toEqual([{ type: "paragraph", children: [{ text: "" }] }]);
    expect(fromSlate(toSlate([]))).toEqual([{ type: "paragraph", children: [{ type: "text", text: "" }] }]);
  });
});
