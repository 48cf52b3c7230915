/**
 * The link and image dialogs of the rich-text editor: small forms beside the text, each field
 * checked by the backend's own rule (rules.ts) before anything is inserted; Escape cancels.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { ImageData } from "./convert";
import { ALT_MAX_LENGTH, IMAGE_MAX_SIDE, isImageSrc, isLinkUrl } from "./rules";

function Dialog({ title, onSubmit, onCancel, children }: { title: string; onSubmit: () => void; onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Not a <form>: the editor may sit inside the page's form. Enter in a field applies.
  const keys = (event: KeyboardEvent) => {
    const apply = event.key === "Enter" && event.target instanceof HTMLInputElement;
    if (event.key !== "Escape" && !apply) return;
    event.preventDefault();
    event.stopPropagation();
    if (apply) onSubmit();
    else onCancel();
  };
  return (
    <div className="studio-rich-text__dialog" role="dialog" aria-labelledby={titleId} onKeyDown={keys}>
      <h3 id={titleId}>{title}</h3>
      {children}
      <div className="studio-rich-text__dialog-actions">
        <button type="button" onClick={onSubmit}>
          {t("studio.richText.apply")}
        </button>
        <button type="button" onClick={onCancel}>
          {t("studio.richText.cancel")}
        </button>
      </div>
    </div>
  );
}

function Field({ label, error, value, onChange, inputMode, first }: { label: string; error?: string; value: string; onChange: (value: string) => void; inputMode?: "numeric"; first?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (first) input.current?.focus();
  }, [first]);
  return (
    <p className="studio-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="studio-field__error">
          {error}
        </span>
      )}
    </p>
  );
}

/** An address for the selected text; empty removes the link. */
export function LinkDialog({ initial, onDone, onCancel }: { initial: string; onDone: (url: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = () => {
    const value = url.trim();
    if (value && !isLinkUrl(value)) return setError(t("studio.richText.linkInvalid"));
    onDone(value);
  };
  return (
    <Dialog title={t("studio.richText.linkTitle")} onSubmit={submit} onCancel={onCancel}>
      <Field label={t("studio.richText.linkUrl")} value={url} onChange={setUrl} error={error} first />
    </Dialog>
  );
}

const side = (raw: string) => (/^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN);

/** An image of the media library by its address, with its alternative text and size. */
export function ImageDialog({ onDone, onCancel }: { onDone: (image: ImageData) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ src: "", alt: "", width: "", height: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const set = (name: keyof typeof values) => (value: string) => setValues((before) => ({ ...before, [name]: value }));
  const submit = () => {
    const image = { src: values.src.trim(), alt: values.alt.trim(), width: side(values.width), height: side(values.height) };
    const wrong: typeof errors = {};
    if (!isImageSrc(image.src)) wrong.src = t("studio.richText.imageSrcInvalid");
    if (image.alt.length > ALT_MAX_LENGTH) wrong.alt = t("forms.rules.length_max", { field: t("studio.blockFields.alt"), max: ALT_MAX_LENGTH });
    for (const name of ["width", "height"] as const) {
      if (!(image[name] >= 1 && image[name] <= IMAGE_MAX_SIDE)) wrong[name] = t("forms.rules.between", { field: t(`studio.blockFields.${name}`), min: 1, max: IMAGE_MAX_SIDE });
    }
    setErrors(wrong);
    if (Object.keys(wrong).length === 0) onDone(image);
  };
  return (
    <Dialog title={t("studio.richText.imageTitle")} onSubmit={submit} onCancel={onCancel}>
      <Field label={t("studio.blockFields.src")} value={values.src} onChange={set("src")} error={errors.src} first />
      <Field label={t("studio.blockFields.alt")} value={values.alt} onChange={set("alt")} error={errors.alt} />
      <Field label={t("studio.blockFields.width")} value={values.width} onChange={set("width")} error={errors.width} inputMode="numeric" />
      <Field label={t("studio.blockFields.height")} value={values.height} onChange={set("height")} error={errors.height} inputMode="numeric" />
    </Dialog>
  );
}
