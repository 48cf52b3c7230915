/**
 * Images and rich text as the API sends them (content pages, articles, product descriptions):
 * generated from backend/splash/content/blocks.py's rich text (src/lib/payload-types.ts).
 */
export type { ImageData, InlineNode, LinkNode, RichNode, RichText, TextNode } from "../lib/payload-types";
