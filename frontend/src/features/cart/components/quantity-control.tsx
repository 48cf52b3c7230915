import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { MAX_QUANTITY, MIN_QUANTITY, maxSetText } from "../../../lib/cart";

type Props = {
  quantity: number;
  /** The most it may be: 99, or what is left of the product (the quote's stock). */
  max?: number;
  /** The product's name, for the buttons' and the field's accessible names. */
  name: string;
  onChange: (quantity: number) => void;
};

/** A typed whole number (at most four digits), or null. */
const typedNumber = (text: string): number | null => (/^\d{1,4}$/.test(text.trim()) ? Number(text) : null);

/**
 * − / number / +. A typed quantity counts once it is a whole number from 1; more than `max` sets
 * `max` and says why under the field (all that is left, or the most a line takes); anything else
 * goes back to the cart's quantity when the field is left. At 1 and at `max` the buttons say they
 * are unavailable (aria-disabled) but keep the focus, so pressing on never drops it to the page.
 */
export function QuantityControl({ quantity, max = MAX_QUANTITY, name, onChange }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  // The quantity a typed one was lowered to, said until the next change.
  const [lowered, setLowered] = useState<number | null>(null);
  const atMin = quantity <= MIN_QUANTITY;
  const atMax = quantity >= max;
  const step = (by: number) => {
    setDraft(null);
    setLowered(null);
    onChange(quantity + by);
  };
  const type = (text: string) => {
    const typed = typedNumber(text);
    const over = typed !== null && typed > max;
    setDraft(over ? String(max) : text);
    setLowered(over ? max : null);
    const wanted = over ? max : typed;
    if (wanted !== null && wanted >= MIN_QUANTITY && wanted !== quantity) onChange(wanted);
  };
  return (
    <div className="quantity-field">
      <div className="quantity" role="group" aria-label={t("cart.quantityOf", { product: name })}>
        <button
          type="button"
          className="quantity__step"
          aria-label={t("cart.decrease", { product: name })}
          aria-disabled={atMin || undefined}
          onClick={() => !atMin && step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={max}
          step={1}
          aria-label={t("cart.quantityOf", { product: name })}
          value={draft ?? String(quantity)}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={t("cart.increase", { product: name })}
          aria-disabled={atMax || undefined}
          onClick={() => !atMax && step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p className="quantity__note" role="status">
        {lowered === null ? null : maxSetText(lowered, t)}
      </p>
    </div>
  );
}
