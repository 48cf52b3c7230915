/**
 * A save the backend refused (400, `details.errors[].path` naming the field): its errors at the
 * blocks' fields. Pydantic names a block's field after the block's index and its type
 * (`["body", "blocks", 2, "faq", "items", 0, "question"]`), which is dropped here.
 */
import type { ApiError } from "../../lib/api";
import type { BlockValue } from "./block-forms-api";
import type { BlockErrors } from "./block-schema";
import { pathKey } from "./block-values";

const part = (value: string | number) => (typeof value === "number" || /^\d+$/.test(value) ? Number(value) : value);

export function serverBlockErrors(error: ApiError, blocks: BlockValue[], field = "blocks"): Record<number, BlockErrors> {
  const found: Record<number, BlockErrors> = {};
  for (const detail of error.details.errors ?? []) {
    const path = detail.path as (string | number)[];
    const at = path.indexOf(field);
    const index = Number(path[at + 1]);
    const block = blocks[index];
    if (at < 0 || !Number.isInteger(index) || !block) continue;
    const rest = path.slice(at + 2);
    if (rest[0] === block.type) rest.shift();
    const errors = (found[index] ??= {});
    errors[pathKey(rest.map(part))] ??= detail.message;
  }
  return found;
}
