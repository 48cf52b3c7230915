/**
 * What a product is in every language (`product-setup`: its type, its images by key — a
 * colour's image shows its variants —, its place, the youngest age, whether it is on the site)
 * and the lessons a suit gives away (`free-lessons`, the owner's), picked from the academy's.
 */
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { CheckField } from "./check-field";
import type { Spec } from "./collection-fields";
import type { Document } from "./editing-api";
import type { FieldsProps } from "./collection-fields";
import type { ReactNode } from "react";
import { useEntries } from "./use-entries";
import { FieldError } from "./doc-field";

type Props = FieldsProps & { field: (spec: Spec, extra?: ReactNode) => ReactNode };

const IMAGE_KEY = /^[a-z0-9][a-z0-9-]{0,31}$/;
const TYPES = ["physical", "digital"];

export function ProductSetupFields({ form, values, set, errors, field }: Props) {
  const { t } = useTranslation();
  const images = (values.images as Record<string, Document> | null) ?? {};
  const [newKey, setNewKey] = useState("");
  const [keyError, setKeyError] = useState<string | null>(null);
  const add = () => {
    const key = newKey.trim();
    if (!IMAGE_KEY.test(key)) return setKeyError(t("studio.editing.newKeyFormat"));
    if (key in images) return setKeyError(t("studio.editing.newKeyTaken"));
    set("images", { ...images, [key]: { src: "", width: "", height: "" } });
    setNewKey("");
    setKeyError(null);
  };
  return (
    <>
      {field({ path: "type", label: "productType", kind: "select", options: TYPES.map((type) => ({ value: type, label: t(`studio.editing.productTypes.${type}`) })) })}
      {field({ path: "position", label: "position", help: "shopPosition" })}
      {field({ path: "minAgeYears", label: "minAgeYears" })}
      <CheckField form={form} path="published" label={t("studio.editing.fields.onSite")} checked={values.published === true} onChange={(checked) => set("published", checked)} error={errors.published} />
      {Object.keys(images).map((key) => (
        <fieldset key={key} className="studio-group" data-path={`images.${key}`}>
          <legend>{t("studio.editing.imageOf", { key })}</legend>
          {field({ path: `images.${key}.src`, label: "imageSrc", help: "imageSrc" })}
          {field({ path: `images.${key}.width`, label: "imageWidth" })}
          {field({ path: `images.${key}.height`, label: "imageHeight" })}
          <FieldError error={errors[`images.${key}`]} />
          <button type="button" className="button button--secondary" onClick={() => set("images", Object.fromEntries(Object.entries(images).filter(([other]) => other !== key)))}>
            {t("studio.editing.removeImage", { key })}
          </button>
        </fieldset>
      ))}
      <div className="field" data-invalid={keyError ? "true" : undefined}>
        <label className="field__label" htmlFor={`${form}-new-image`}>
          {t("studio.editing.newImageKey")}
        </label>
        <input id={`${form}-new-image`} value={newKey} aria-invalid={keyError ? true : undefined} aria-describedby={`${form}-new-image-help${keyError ? ` ${form}-new-image-error` : ""}`} onChange={(event) => setNewKey(event.target.value)} />
        <p id={`${form}-new-image-help`} className="field__help">
          {t("studio.editing.help.imageKey")}
        </p>
        {keyError ? (
          <p id={`${form}-new-image-error`} className="field__error" role="alert">
            {keyError}
          </p>
        ) : null}
        <button type="button" className="button button--secondary" onClick={add}>
          {t("studio.editing.addImage")}
        </button>
      </div>
    </>
  );
}

export function FreeLessonsFields({ form, values, set, errors }: Props) {
  const { t } = useTranslation();
  const lessons = useEntries("lesson");
  const chosen = (values.lessons as string[] | null) ?? [];
  if (lessons === null) return <p role="status">{t("studio.loading")}</p>;
  const toggle = (key: string, on: boolean) => set("lessons", on ? [...chosen, key] : chosen.filter((other) => other !== key));
  return (
    <fieldset className="studio-fieldset" data-path="lessons">
      <legend>{t("studio.editing.fields.freeLessons")}</legend>
      <p className="field__help">{t("studio.editing.help.freeLessons")}</p>
      {lessons.map((lesson, index) => (
        <CheckField key={lesson.key} form={form} path={`lessons.${lesson.key}`} label={lesson.title || lesson.key} checked={chosen.includes(lesson.key)} onChange={(on) => toggle(lesson.key, on)} error={errors[`lessons.${chosen.indexOf(lesson.key)}`] ?? (index === 0 ? errors.lessons : undefined)} />
      ))}
    </fieldset>
  );
}
