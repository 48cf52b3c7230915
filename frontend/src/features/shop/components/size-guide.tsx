import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { Size, SizeGuideRow } from "../types";
import { parseWeight, suggestSize, type SizeSuggestion } from "../utils/suggest-size";

type Props = {
  guide: SizeGuideRow[];
  minAgeYears: number;
  /** Picks a size on the page (the helper's "Choose size M"). */
  onChooseSize: (size: Size) => void;
};

/** The size guide: weight in kg → size and age, and "my child weighs … kg" → a size. */
export function SizeGuide({ guide, minAgeYears, onChooseSize }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  if (guide.length === 0) return null;
  return (
    <section className="size-guide" aria-labelledby={headingId}>
      <h2 id={headingId} className="size-guide__title">
        {t("shop.sizeGuide.title")}
      </h2>
      <p className="size-guide__intro">{t("shop.sizeGuide.intro", { minAge: minAgeYears })}</p>
      <div className="size-guide__table">
        <table>
          <caption className="visually-hidden">{t("shop.sizeGuide.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("shop.sizeGuide.size")}</th>
              <th scope="col">{t("shop.sizeGuide.weight")}</th>
              <th scope="col">{t("shop.sizeGuide.age")}</th>
            </tr>
          </thead>
          <tbody>
            {guide.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.sizeLabel}</th>
                <td>
                  {row.minKg}–{row.maxKg}
                </td>
                <td>{row.age}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <WeightHelper guide={guide} minAgeYears={minAgeYears} onChooseSize={onChooseSize} />
    </section>
  );
}

type Answer = { kind: "invalid" } | SizeSuggestion;

function WeightHelper({ guide, minAgeYears, onChooseSize }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [weight, setWeight] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kg = parseWeight(weight);
    setAnswer(kg === null ? { kind: "invalid" } : suggestSize(guide, kg));
  };

  let message = "";
  if (answer?.kind === "invalid") message = t("shop.sizeGuide.helper.invalid");
  else if (answer?.kind === "fits") message = t("shop.sizeGuide.helper.fits", { size: answer.row.sizeLabel });
  else if (answer?.kind === "too-light") message = t("shop.sizeGuide.helper.tooLight", { size: answer.row.sizeLabel, min: answer.row.minKg, minAge: minAgeYears });
  else if (answer?.kind === "too-heavy") message = t("shop.sizeGuide.helper.tooHeavy", { size: answer.row.sizeLabel, max: answer.row.maxKg });

  return (
    <form className="weight-helper" onSubmit={submit} noValidate>
      <label className="weight-helper__label" htmlFor={inputId}>
        {t("shop.sizeGuide.helper.label")}
      </label>
      <span className="weight-helper__field">
        <input
          id={inputId}
          className="weight-helper__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={weight}
          onChange={(event) => setWeight(event.target.value)}
        />
        <span className="weight-helper__unit" aria-hidden="true">
          kg
        </span>
      </span>
      <button type="submit" className="button button--secondary weight-helper__submit">
        {t("shop.sizeGuide.helper.submit")}
      </button>
      <p className="weight-helper__answer" role="status">
        {message}
      </p>
      {answer?.kind === "fits" ? (
        <button type="button" className="button button--primary weight-helper__choose" onClick={() => onChooseSize(answer.row.size)}>
          {t("shop.sizeGuide.helper.choose", { size: answer.row.sizeLabel })}
        </button>
      ) : null}
    </form>
  );
}
