import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { Colour, ProductVariant, Size, SizeGuideRow } from "../types";
import { coloursOf, sizesOf, sizeUnavailable, type Choice } from "../utils/variant-choice";

/** The id of a size's radio button (the size guide's helper moves focus to it). */
export const sizeInputId = (pickerId: string, size: Size) => `${pickerId}-size-${size}`;

type Props = {
  /** A page-unique id the radio groups are named after. */
  id: string;
  variants: ProductVariant[];
  guide: SizeGuideRow[];
  choice: Choice;
  onColour: (colour: Colour) => void;
  onSize: (size: Size) => void;
};

/** Two radio groups: colour (as swatches) and size (by label, sizes sold out in the chosen colour marked). */
export function VariantPicker({ id, variants, guide, choice, onColour, onSize }: Props) {
  const { t } = useTranslation();
  const soldOutId = useId();
  return (
    <div className="variant-picker">
      <fieldset className="picker picker--colour">
        <legend className="picker__legend">{t("shop.colour")}</legend>
        <div className="picker__options">
          {coloursOf(variants).map((colour) => (
            <label key={colour} className="swatch">
              <input
                type="radio"
                className="picker__input"
                name={`${id}-colour`}
                value={colour}
                checked={choice.colour === colour}
                onChange={() => onColour(colour)}
              />
              <span className={`swatch__dot swatch__dot--${colour}`} aria-hidden="true" />
              <span className="swatch__name">{t(`shop.colours.${colour}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="picker picker--size">
        <legend className="picker__legend">{t("shop.size")}</legend>
        <div className="picker__options">
          {sizesOf(variants, guide).map(({ size, sizeLabel }) => {
            const unavailable = sizeUnavailable(variants, choice.colour, size);
            return (
              <label key={size} className="size-option" data-unavailable={unavailable || undefined}>
                <input
                  id={sizeInputId(id, size)}
                  type="radio"
                  className="picker__input"
                  name={`${id}-size`}
                  value={size}
                  checked={choice.size === size}
                  aria-describedby={unavailable ? soldOutId : undefined}
                  onChange={() => onSize(size)}
                />
                <span className="size-option__label">{sizeLabel}</span>
              </label>
            );
          })}
        </div>
        <span id={soldOutId} hidden>
          {t("shop.soldOut")}
        </span>
      </fieldset>
    </div>
  );
}
