import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import { NO_CONSENT, useConsent, writeConsent, type ConsentChoice } from "../consent";
import type { ConsentFormBlockData } from "../types";

const PURPOSES = ["statistics", "marketing", "embeds"] as const;
type Purpose = (typeof PURPOSES)[number];

/**
 * The visitor's cookie and embed choices. Shows the stored choice once mounted (all off on the
 * server and before a choice), saves it in the consent cookie and confirms politely.
 */
export function ConsentFormBlock({ block }: { block: ConsentFormBlockData }) {
  const { t } = useTranslation();
  const stored = useConsent();
  const baseId = useId();
  // The visitor's unsaved changes; null shows what is stored.
  const [draft, setDraft] = useState<ConsentChoice | null>(null);
  const [saved, setSaved] = useState(false);
  const choice: ConsentChoice = draft ?? (stored ? { statistics: stored.statistics, marketing: stored.marketing, embeds: stored.embeds } : NO_CONSENT);

  const change = (purpose: Purpose, checked: boolean) => {
    setDraft({ ...choice, [purpose]: checked });
    setSaved(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    writeConsent(choice);
    setDraft(null);
    setSaved(true);
  };

  const titleId = `${baseId}-title`;
  return (
    <section className="block block-consent-form" aria-labelledby={titleId}>
      <h2 id={titleId}>{block.title}</h2>
      {block.text ? <p className="block-consent-form__text">{block.text}</p> : null}
      <form className="consent-form" onSubmit={submit} noValidate>
        <p className="consent-form__necessary">{t("blocks.consent.necessary")}</p>
        <fieldset className="consent-form__choices">
          <legend className="visually-hidden">{t("blocks.consent.legend")}</legend>
          {PURPOSES.map((purpose) => {
            const inputId = `${baseId}-${purpose}`;
            return (
              <div className="field field--checkbox consent-form__choice" key={purpose}>
                <input
                  id={inputId}
                  type="checkbox"
                  name={purpose}
                  checked={choice[purpose]}
                  onChange={(event) => change(purpose, event.target.checked)}
                  aria-describedby={`${inputId}-help`}
                />
                <label className="field__label" htmlFor={inputId}>
                  {t(`blocks.consent.${purpose}.label`)}
                </label>
                <p className="field__help" id={`${inputId}-help`}>
                  {t(`blocks.consent.${purpose}.help`)}
                </p>
              </div>
            );
          })}
        </fieldset>
        <div>
          <button type="submit" className="button button--primary">
            {t("blocks.consent.save")}
          </button>
        </div>
        <p className="consent-form__saved" role="status">
          {saved ? t("blocks.consent.saved") : ""}
        </p>
      </form>
    </section>
  );
}
