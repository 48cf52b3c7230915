/**
 * The stored rich text (backend/splash/content/rich_text.py) and Slate's document, converted
 * exactly both ways. They are nearly the same shape: blocks and inline links with `children`,
 * text with its marks. What differs is Slate's alone: a text is a leaf without `type`, and an
 * image (a void block) holds one empty text. Slate also keeps an empty text on each side of an
 * inline link; going back, an empty text beside other children says nothing and is left out.
 */
import type { BaseEditor, Descendant } from "slate";
import type { HistoryEditor } from "slate-history";
import type { ReactEditor } from "slate-react";
import type {
  CodeNode,
  HeadingNode,
  ImageData,
  ImageNode,
  InlineNode,
  LinkNode,
  ListItemNode,
  ListNode,
  RichNode,
  TextNode,
} from "../../../lib/payload-types";

export type { ImageData, RichNode, TextNode };
export type RichText = RichNode[];

export const MARKS = ["bold", "italic", "underline", "strikethrough", "code"] as const;
export type Mark = (typeof MARKS)[number];

export type SlateText = { text: string } & Partial<Record<Mark, boolean>>;
export type SlateLink = { type: "link"; url: string; children: SlateText[] };
export type SlateInline = SlateText | SlateLink;
export type SlateElement =
  | { type: "heading"; level: number; children: SlateInline[] }
  | { type: "paragraph"; children: SlateInline[] }
  | { type: "quote"; children: SlateInline[] }
  | { type: "code"; language?: string | null; children: SlateText[] }
  | { type: "image"; image: ImageData; children: [SlateText] }
  | { type: "list"; format: "ordered" | "unordered"; children: SlateListItem[] }
  | SlateListItem
  | SlateLink;
export type SlateListItem = { type: "list-item"; children: SlateInline[] };
export type SlateBlockType = Exclude<SlateElement["type"], "link" | "list-item">;

declare module "slate" {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: SlateElement;
    Text: SlateText;
  }
}

function textToSlate(node: TextNode): SlateText {
  const leaf: SlateText & { type?: "text" } = { ...node };
  delete leaf.type;
  return leaf;
}

function inlineToSlate(node: InlineNode): SlateInline {
  return node.type === "text" ? textToSlate(node) : { ...node, children: node.children.map(textToSlate) };
}

function nodeToSlate(node: RichNode): SlateElement {
  switch (node.type) {
    case "image":
      return { ...node, children: [{ text: "" }] };
    case "code":
      return { ...node, children: node.children.map(textToSlate) };
    case "list":
      return { ...node, children: node.children.map((item) => ({ ...item, children: item.children.map(inlineToSlate) })) };
    default:
      return { ...node, children: node.children.map(inlineToSlate) };
  }
}

/** The stored document as Slate's value (an empty document: one empty paragraph, as Slate needs one block). */
export function toSlate(document: RichText): Descendant[] {
  if (document.length === 0) return [{ type: "paragraph", children: [{ text: "" }] }];
  return document.map(nodeToSlate);
}

const isText = (node: SlateInline | SlateElement | SlateText): node is SlateText => !("type" in node);

const textFromSlate = (leaf: SlateText): TextNode => ({ type: "text", ...leaf });

/** Children without the empty texts Slate keeps beside inline links (an only child stays). */
function meaningful<T extends SlateInline>(children: T[]): T[] {
  if (children.length < 2) return children;
  const kept = children.filter((child) => !isText(child) || child.text !== "" || MARKS.some((mark) => mark in child));
  return kept.length > 0 ? kept : children.slice(0, 1);
}

function inlineFromSlate(node: SlateInline): InlineNode {
  if (isText(node)) return textFromSlate(node);
  const link: LinkNode = { ...node, children: meaningful(node.children).map(textFromSlate) };
  return link;
}

function elementFromSlate(node: SlateElement): RichNode {
  switch (node.type) {
    case "image":
      return { type: "image", image: node.image } satisfies ImageNode;
    case "code":
      return { ...node, children: meaningful(node.children).map(textFromSlate) } satisfies CodeNode;
    case "list":
      return { ...node, children: node.children.map((item) => listItemFromSlate(item)) } satisfies ListNode;
    case "heading":
      return { ...node, children: meaningful(node.children).map(inlineFromSlate) } satisfies HeadingNode;
    case "paragraph":
    case "quote":
      return { ...node, children: meaningful(node.children).map(inlineFromSlate) } as RichNode;
    default:
      // A list item or a link at the top (only after an edit Slate would normalise): a paragraph.
      return { type: "paragraph", children: inlineChildren(node) };
  }
}

function listItemFromSlate(node: SlateElement | SlateText): ListItemNode {
  if (!isText(node) && node.type === "list-item") return { ...node, children: meaningful(node.children).map(inlineFromSlate) };
  return { type: "list-item", children: isText(node) ? [textFromSlate(node)] : inlineChildren(node) };
}

function inlineChildren(node: SlateElement): InlineNode[] {
  if (node.type === "link") return [inlineFromSlate(node)];
  const children = meaningful(node.children as SlateInline[]);
  return children.map((child) => (isText(child) || child.type === "link" ? inlineFromSlate(child) : { type: "text", text: "" }));
}

/** Slate's value as the stored document. */
export function fromSlate(value: Descendant[]): RichText {
  return value.map((node) => (isText(node) ? { type: "paragraph", children: [textFromSlate(node)] } : elementFromSlate(node)));
}
