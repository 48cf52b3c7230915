/**
 * What the toolbar and the keyboard do to the document: marks, block kinds (paragraph, heading
 * 1–6, quote, code, lists), links and images; and the editor's own rules (links are inline,
 * images void, a paste is read by paste.ts and never inserted as HTML).
 */
import { Editor, Element, Node, Range, Transforms, type Location } from "slate";
import { toSlate, type ImageData, type Mark, type SlateBlockType, type SlateElement } from "./convert";
import { richTextFromHtml, richTextFromPlainText } from "./paste";

/** A block kind the toolbar offers: its type, and a heading's level. */
export type BlockKind = { type: Exclude<SlateBlockType, "image" | "list">; level?: number } | { type: "list"; format: "ordered" | "unordered" };

const isElement = (node: Node): node is SlateElement => Element.isElement(node);

export function withRichText(editor: Editor): Editor {
  const { isInline, isVoid } = editor;
  editor.isInline = (element) => element.type === "link" || isInline(element);
  editor.isVoid = (element) => element.type === "image" || isVoid(element);
  // Every paste is read into allowed nodes: HTML (also a copy from another Slate editor, whose
  // fragment could hold anything) through paste.ts, plain text as paragraphs.
  editor.insertData = (data: DataTransfer) => {
    const html = data.getData("text/html");
    const document = html ? richTextFromHtml(html) : richTextFromPlainText(data.getData("text/plain"));
    if (document.length === 0) return;
    const [first] = toSlate(document);
    if (document.length === 1 && first && "type" in first && first.type === "paragraph") {
      Transforms.insertNodes(editor, first.children); // words into the line, not a new paragraph
      return;
    }
    Transforms.insertFragment(editor, toSlate(document));
  };
  return editor;
}

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

function matches(node: SlateElement, kind: BlockKind): boolean {
  if (kind.type === "list") return node.type === "list" && node.format === kind.format;
  if (kind.type === "heading") return node.type === "heading" && node.level === kind.level;
  return node.type === kind.type;
}

export function isBlockActive(editor: Editor, kind: BlockKind): boolean {
  if (!editor.selection) return false;
  const [found] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, editor.selection),
    match: (node) => isElement(node) && node.type !== "link" && node.type !== "list-item" && matches(node, kind),
  });
  return Boolean(found);
}

/** Makes the selected blocks `kind`, or paragraphs again when they are that already. */
export function toggleBlock(editor: Editor, kind: BlockKind): void {
  const active = isBlockActive(editor, kind);
  Transforms.unwrapNodes(editor, { match: (node) => isElement(node) && node.type === "list", split: true });
  const textual = (node: Node) => isElement(node) && Editor.isBlock(editor, node) && node.type !== "list" && node.type !== "image";
  if (active) {
    Transforms.setNodes<SlateElement>(editor, { type: "paragraph" } as Partial<SlateElement>, { match: textual });
    Transforms.unsetNodes(editor, ["level", "language", "format"], { match: textual });
    return;
  }
  if (kind.type === "list") {
    Transforms.setNodes<SlateElement>(editor, { type: "list-item" } as Partial<SlateElement>, { match: textual });
    Transforms.unsetNodes(editor, ["level", "language"], { match: textual });
    Transforms.wrapNodes(editor, { type: "list", format: kind.format, children: [] }, { match: (node) => isElement(node) && node.type === "list-item" });
    return;
  }
  Transforms.unsetNodes(editor, ["level", "language"], { match: textual });
  const properties = kind.type === "heading" ? { type: "heading", level: kind.level } : { type: kind.type };
  Transforms.setNodes<SlateElement>(editor, properties as Partial<SlateElement>, { match: textual });
}

export function activeLink(editor: Editor): string | null {
  const [found] = Editor.nodes(editor, { match: (node) => isElement(node) && node.type === "link" });
  const node = found?.[0];
  return node && isElement(node) && node.type === "link" ? node.url : null;
}

/** Links the selection (or inserts the address as a linked text); an empty address unlinks. */
export function setLink(editor: Editor, url: string, selection: Location | null): void {
  if (selection) Transforms.select(editor, selection);
  Transforms.unwrapNodes(editor, { match: (node) => isElement(node) && node.type === "link" });
  if (!url) return;
  if (!editor.selection || Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { type: "link", url, children: [{ text: url }] });
  } else {
    Transforms.wrapNodes(editor, { type: "link", url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: "end" });
  }
}

export function insertImage(editor: Editor, image: ImageData, selection: Location | null): void {
  if (selection) Transforms.select(editor, selection);
  Transforms.insertNodes(editor, [
    { type: "image", image, children: [{ text: "" }] },
    { type: "paragraph", children: [{ text: "" }] },
  ]);
}

/** The keyboard shortcuts: Ctrl (⌘) with B, I, U, E (code), Shift+X (strikethrough), K (link),
 * Alt+0 (paragraph), Alt+1…6 (headings), Shift+7/8 (numbered/bulleted list), Shift+9 (quote),
 * Alt+C (code block). Answers what the key does, or null. */
export type Shortcut = { mark: Mark } | { block: BlockKind } | { link: true };

export function shortcutFor(event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): Shortcut | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  const digit = /^Digit([0-9])$/.exec(event.code)?.[1];
  if (event.altKey && digit !== undefined) {
    return digit === "0" ? { block: { type: "paragraph" } } : Number(digit) <= 6 ? { block: { type: "heading", level: Number(digit) } } : null;
  }
  if (event.altKey && event.code === "KeyC") return { block: { type: "code" } };
  if (event.shiftKey) {
    if (event.code === "KeyX") return { mark: "strikethrough" };
    if (digit === "7") return { block: { type: "list", format: "ordered" } };
    if (digit === "8") return { block: { type: "list", format: "unordered" } };
    if (digit === "9") return { block: { type: "quote" } };
    return null;
  }
  const marks: Record<string, Mark> = { b: "bold", i: "italic", u: "underline", e: "code" };
  if (key in marks && !event.altKey) return { mark: marks[key] as Mark };
  if (key === "k" && !event.altKey) return { link: true };
  return null;
}
