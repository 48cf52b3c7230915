import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../../lib/cart";

type Props = {
  quantity: number;
  /** The product's name, for the buttons' and the field's accessible names. */
  name: string;
  onChange: (quantity: number) => void;
};

const isQuantity = (text: string) => /^\d{1,2}$/.test(text.trim()) && Number(text) >= MIN_QUANTITY && Number(text) <= MAX_QUANTITY;

/**
 * − / number / +. A typed quantity counts once it is a whole number of 1–99; anything else goes
 * back to the cart's quantity when the field is left. At 1 and 99 the buttons say they are
 * unavailable (aria-disabled) but keep the focus, so pressing on never drops it to the page.
 */
export function QuantityControl({ quantity, name, onChange }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const atMin = quantity <= MIN_QUANTITY;
  const atMax = quantity >= MAX_QUANTITY;
  const step = (by: number) => {
    setDraft(null);
    onChange(quantity + by);
  };
  return (
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
        max={MAX_QUANTITY}
        step={1}
        aria-label={t("cart.quantityOf", { product: name })}
        value={draft ?? String(quantity)}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (isQuantity(text) && Number(text) !== quantity) onChange(Number(text));
        }}
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
  );
}
