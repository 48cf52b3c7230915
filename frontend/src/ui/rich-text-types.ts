/**
 * Images and rich text as the API sends them (content pages, articles, product descriptions): the
 * TypeScript side of backend/splash/content/blocks.py's rich text.
 */
/** An image with its intrinsic size, so it never shifts the layout while loading. */
export type ImageData = { src: string; alt: string; width: number; height: number };

// Rich text: structured JSON, rendered by components (never raw HTML).
export type TextNode = {
  type: "text";
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
};
export type LinkNode = { type: "link"; url: string; children: TextNode[] };
export type InlineNode = TextNode | LinkNode;
export type RichNode =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
  | { type: "paragraph"; children: InlineNode[] }
  | { type: "quote"; children: InlineNode[] }
  | { type: "code"; language?: string; children: TextNode[] }
  | { type: "image"; image: ImageData }
  | { type: "list"; format: "ordered" | "unordered"; children: { type: "list-item"; children: InlineNode[] }[] };
export type RichText = RichNode[];
