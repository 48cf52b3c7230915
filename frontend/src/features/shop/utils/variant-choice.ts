/** Choosing a float suit's variant by colour and size (pure). */
import type { Colour, ProductVariant, Size, SizeGuideRow } from "../types";

export type Choice = { colour: Colour | null; size: Size | null };

/** What the page says about the choice: pick both first; then the variant is sellable or not. */
export type ChoiceStatus = "choose" | "unavailable" | "available";

/** The product's colours in the order of its variants. */
export function coloursOf(variants: ProductVariant[]): Colour[] {
  return [...new Set(variants.map((variant) => variant.colour))];
}

/** The product's sizes, smallest first (the size guide's order), each with its label. */
export function sizesOf(variants: ProductVariant[], guide: SizeGuideRow[]): { size: Size; sizeLabel: string }[] {
  const order = (size: Size) => {
    const index = guide.findIndex((row) => row.size === size);
    return index < 0 ? guide.length : index;
  };
  const seen = new Map<Size, string>();
  for (const variant of variants) if (!seen.has(variant.size)) seen.set(variant.size, variant.sizeLabel);
  return [...seen].map(([size, sizeLabel]) => ({ size, sizeLabel })).sort((a, b) => order(a.size) - order(b.size));
}

export function chosenVariant(variants: ProductVariant[], { colour, size }: Choice): ProductVariant | null {
  if (!colour || !size) return null;
  return variants.find((variant) => variant.colour === colour && variant.size === size) ?? null;
}

export function choiceStatus(variants: ProductVariant[], choice: Choice): ChoiceStatus {
  if (!choice.colour || !choice.size) return "choose";
  return chosenVariant(variants, choice)?.available ? "available" : "unavailable";
}

/** A size that cannot be bought in the chosen colour (or in any colour, before one is chosen). */
export function sizeUnavailable(variants: ProductVariant[], colour: Colour | null, size: Size): boolean {
  return !variants.some((variant) => variant.size === size && (colour === null || variant.colour === colour) && variant.available);
}

/** The lowest price of the variants ("from €…"), or null without variants. */
export function lowestPrice(variants: ProductVariant[]): number | null {
  return variants.length ? Math.min(...variants.map((variant) => variant.price)) : null;
}
