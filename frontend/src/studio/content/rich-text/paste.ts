/**
 * Pasted HTML never enters the document as HTML: it is read into the stored rich text's own
 * nodes (headings, paragraphs, quotes, code, lists, links, marks; images only from the media
 * library with their size), and everything else becomes plain text. Scripts, styles and embeds
 * are dropped with their content.
 */
import type { RichText, TextNode } from "./convert";
import { isImage, isLinkUrl } from "./rules";
import type { InlineNode, ListItemNode, RichNode } from "../../../lib/payload-types";

type Marks = Partial<Record<"bold" | "italic" | "underline" | "strikethrough" | "code", boolean>>;

const DROPPED = new Set(["SCRIPT", "STYLE", "TEMPLATE", "IFRAME", "OBJECT", "EMBED", "NOSCRIPT", "HEAD", "TITLE", "META", "LINK", "svg", "SVG"]);
const MARK_TAGS: Record<string, keyof Marks> = {
  B: "bold",
  STRONG: "bold",
  I: "italic",
  EM: "italic",
  U: "underline",
  S: "strikethrough",
  DEL: "strikethrough",
  STRIKE: "strikethrough",
  CODE: "code",
  KBD: "code",
  SAMP: "code",
};
const BLOCK_TAGS = new Set(["P", "DIV", "H1", "H2", "H3", "H4", "H5", "H6", "BLOCKQUOTE", "PRE", "UL", "OL", "LI", "TABLE", "TR", "SECTION", "ARTICLE", "HEADER", "FOOTER", "MAIN", "ASIDE", "FIGURE", "IMG", "HR", "DL", "DT", "DD"]);

const collapse = (text: string) => text.replace(/\s+/g, " ");

/** A tag's marks; `<b style="font-weight: normal">` (how some word processors wrap a paste) is none. */
function marksOf(element: Element, marks: Marks): Marks {
  const mark = MARK_TAGS[element.tagName];
  if (!mark) return marks;
  if (mark === "bold" && /font-weight:\s*(normal|400)/.test(element.getAttribute("style") ?? "")) return marks;
  return { ...marks, [mark]: true };
}

function text(value: string, marks: Marks): TextNode {
  return { type: "text", text: value, ...marks };
}

/** The inline content of a node: texts with their marks and links (a link inside a link: its text). */
function inlines(node: Node, marks: Marks, inLink: boolean): InlineNode[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const value = collapse(node.textContent ?? "");
    return value ? [text(value, marks)] : [];
  }
  if (!(node instanceof Element) || DROPPED.has(node.tagName)) return [];
  if (node.tagName === "BR") return [text("\n", marks)];
  const inner = marksOf(node, marks);
  const href = node.tagName === "A" ? (node.getAttribute("href") ?? "").trim() : "";
  if (href && !inLink && isLinkUrl(href)) {
    const children = [...node.childNodes].flatMap((child) => inlines(child, inner, true)).filter((child): child is TextNode => child.type === "text");
    return children.length > 0 ? [{ type: "link", url: href, children }] : [];
  }
  return [...node.childNodes].flatMap((child) => inlines(child, inner, inLink));
}

/** Inline content trimmed at its ends; none when it holds no visible text. */
function trimmed(children: InlineNode[]): InlineNode[] {
  const first = children[0];
  const last = children[children.length - 1];
  if (first?.type === "text") first.text = first.text.replace(/^\s+/, "");
  if (last?.type === "text") last.text = last.text.replace(/\s+$/, "");
  const kept = children.filter((child) => child.type === "link" || child.text !== "");
  return kept.some((child) => child.type === "link" || child.text.trim() !== "") ? kept : [];
}

function listItems(list: Element): ListItemNode[] {
  return [...list.children]
    .filter((child) => child.tagName === "LI")
    .map((item) => trimmed(inlines(item, {}, false)))
    .filter((children) => children.length > 0)
    .map((children) => ({ type: "list-item", children }));
}

function image(element: Element): RichNode[] {
  const candidate = {
    src: element.getAttribute("src") ?? "",
    alt: element.getAttribute("alt") ?? "",
    width: Number(element.getAttribute("width")),
    height: Number(element.getAttribute("height")),
  };
  return isImage(candidate) ? [{ type: "image", image: candidate }] : [];
}

function block(element: Element): RichNode[] {
  const tag = element.tagName;
  const heading = /^H([1-6])$/.exec(tag);
  if (heading) {
    const children = trimmed(inlines(element, {}, false));
    return children.length > 0 ? [{ type: "heading", level: Number(heading[1]), children }] : [];
  }
  if (tag === "PRE") {
    const value = element.textContent ?? "";
    return value.trim() ? [{ type: "code", children: [{ type: "text", text: value.replace(/\n$/, "") }] }] : [];
  }
  if (tag === "UL" || tag === "OL") {
    const children = listItems(element);
    return children.length > 0 ? [{ type: "list", format: tag === "OL" ? "ordered" : "unordered", children }] : [];
  }
  if (tag === "IMG") return image(element);
  if (tag === "BLOCKQUOTE" && ![...element.children].some((child) => BLOCK_TAGS.has(child.tagName))) {
    const children = trimmed(inlines(element, {}, false));
    return children.length > 0 ? [{ type: "quote", children }] : [];
  }
  return blocks(element);
}

/** The blocks of a container: its block children, and runs of inline content as paragraphs. */
function blocks(container: Node): RichNode[] {
  const found: RichNode[] = [];
  let run: InlineNode[] = [];
  const flush = () => {
    const children = trimmed(run);
    if (children.length > 0) found.push({ type: "paragraph", children });
    run = [];
  };
  for (const child of container.childNodes) {
    if (child instanceof Element && DROPPED.has(child.tagName)) continue;
    if (child instanceof Element && BLOCK_TAGS.has(child.tagName)) {
      flush();
      found.push(...block(child));
    } else {
      run.push(...inlines(child, {}, false));
    }
  }
  flush();
  return found;
}

/** Pasted HTML as stored rich text: only the nodes the document allows, the rest as plain text. */
export function richTextFromHtml(html: string): RichText {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  return blocks(parsed.body);
}

/** Pasted plain text: a paragraph per line. */
export function richTextFromPlainText(value: string): RichText {
  return value
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => ({ type: "paragraph", children: [{ type: "text", text: line }] }));
}
