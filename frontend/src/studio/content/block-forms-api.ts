/**
 * The block forms (backend/splash/content/block_forms.py, GET /api/studio/content/block-forms):
 * every block type's fields, derived from the models that validate the blocks. The studio draws
 * and validates every block from these alone; it has no code per block type.
 */
import type { ApiClient } from "../../lib/api";

/** The widgets the studio draws (backend: `FieldKind` in block_forms.py). */
export const FIELD_KINDS = ["short-text", "long-text", "number", "boolean", "select", "link", "image", "icon", "rich-text", "list", "group"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export type FormField = {
  kind: FieldKind;
  /** The key the value is stored under; a list's item has none. */
  name?: string;
  required?: boolean;
  /** It may be left out (an optional text, link or image). */
  nullable?: boolean;
  default?: string | number;
  options?: string[];
  integer?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  fields?: FormField[];
  item?: FormField;
};

export type BlockForm = { type: string; fields: FormField[] };

/** A stored block: its type and its fields by their stored names. */
export type BlockValue = { type: string } & Record<string, unknown>;

export const getBlockForms = async (client: ApiClient) =>
  (await client.request<{ data: BlockForm[] }>("GET", "/content/block-forms")).data;
