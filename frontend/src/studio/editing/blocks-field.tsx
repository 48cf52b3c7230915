/**
 * A page's blocks and an article's body: the stored JSON (a list of blocks, a list of rich-text
 * nodes) edited through the block list (content/block-list.tsx: forms generated from the block
 * models, GET /api/studio/content/block-forms) and the Slate rich-text editor
 * (content/rich-text/editor.tsx, a chunk of its own). `errors` are the API's errors under the
 * field by dotted path (`blocks.2.title`); they are shown at the block's field.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { useSession } from "../session";
import { getBlockForms, type BlockForm, type BlockValue } from "../content/block-forms-api";
import { BlockList } from "../content/block-list";
import type { BlockErrors } from "../content/block-schema";
import { pathKey } from "../content/block-values";
import { imageOf, useMediaPicker } from "../content/media-picker";
import type { RichText } from "../content/rich-text/convert";
import type { PickImage } from "../content/rich-text/editor";
import { fieldDomId } from "./doc-field";

const RichTextEditor = lazy(() => import("../content/rich-text/editor").then((module) => ({ default: module.RichTextEditor })));

export type StructuredFieldProps = {
  form: string;
  path: string;
  label: string;
  value: unknown[];
  onChange: (value: unknown[]) => void;
  /** The API's errors at or below this field, by their dotted path. */
  errors: Record<string, string>;
  help?: string;
  /** The entry's language: the picker and the image fields show alt texts in it. */
  locale: string;
};

/** The media picker as the block list and the rich-text editor take it; render `dialog`. */
export function useImagePicker(locale: string): { pickImage: PickImage; dialog: ReactNode } {
  const picker = useMediaPicker(locale);
  const pickImage = async () => {
    const item = await picker.pick();
    return item ? imageOf(item) : null;
  };
  return { pickImage, dialog: picker.dialog };
}

/** The API's errors below ``path`` (``blocks.2.faq.items.0.question``), by block index and
 * the block's own field path; the block's type after its index is dropped, as pydantic adds it. */
export function errorsByBlock(path: string, errors: Record<string, string>, blocks: BlockValue[]): Record<number, BlockErrors> {
  const found: Record<number, BlockErrors> = {};
  for (const [at, message] of Object.entries(errors)) {
    if (!at.startsWith(`${path}.`)) continue;
    const [index, ...rest] = at.slice(path.length + 1).split(".");
    const block = blocks[Number(index)];
    if (!block) continue;
    if (rest[0] === block.type) rest.shift();
    const parts = rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    (found[Number(index)] ??= {})[pathKey(parts)] ??= message;
  }
  return found;
}

let loadedForms: Promise<BlockForm[]> | null = null; // one request per studio visit

function useBlockForms(): BlockForm[] | null {
  const { client } = useSession();
  const [forms, setForms] = useState<BlockForm[] | null>(null);
  useEffect(() => {
    let live = true;
    loadedForms ??= getBlockForms(client).catch((error: unknown) => {
      loadedForms = null;
      throw error;
    });
    loadedForms.then((found) => live && setForms(found)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);
  return forms;
}

function FieldErrors({ id, below }: { id: string; below: [string, string][] }) {
  return below.length > 0 ? (
    <div id={`${id}-error`} className="field__error" role="alert">
      <ul>
        {below.map(([at, message]) => (
          <li key={at}>
            <code>{at}</code>: {message}
          </li>
        ))}
      </ul>
    </div>
  ) : null;
}

/** A page's blocks (the 31 block types), as forms generated from their models. */
export function BlocksField({ form, path, label, value, onChange, errors, help, locale }: StructuredFieldProps) {
  const { t } = useTranslation();
  const forms = useBlockForms();
  const images = useImagePicker(locale);
  const blocks = value as BlockValue[];
  const id = fieldDomId(form, path);
  return (
    <fieldset className="studio-fieldset" data-path={path} aria-describedby={help ? `${id}-help` : undefined}>
      <legend>{label}</legend>
      {help ? (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      ) : null}
      {forms === null ? (
        <p>{t("studio.loading")}</p>
      ) : (
        <BlockList
          forms={forms}
          blocks={blocks}
          onChange={onChange}
          showErrors={Object.keys(errors).length > 0}
          serverErrors={errorsByBlock(path, errors, blocks)}
          pickImage={images.pickImage}
          locale={locale}
        />
      )}
      {images.dialog}
    </fieldset>
  );
}

/** An article's body (stored rich text), in the Slate editor. */
export function RichTextField({ form, path, label, value, onChange, errors, help, locale }: StructuredFieldProps) {
  const { t } = useTranslation();
  const images = useImagePicker(locale);
  const id = fieldDomId(form, path);
  const below = Object.entries(errors).filter(([at]) => at === path || at.startsWith(`${path}.`));
  return (
    <div className="field" data-path={path} data-invalid={below.length > 0 ? "true" : undefined}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <Suspense fallback={<p>{t("studio.loading")}</p>}>
        <RichTextEditor
          id={id}
          value={value as RichText}
          onChange={(next) => onChange(next)}
          labelledBy={`${id}-label`}
          invalid={below.length > 0}
          describedBy={[help ? `${id}-help` : null, below.length > 0 ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
          pickImage={images.pickImage}
        />
      </Suspense>
      {images.dialog}
      {help ? (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      ) : null}
      <FieldErrors id={id} below={below} />
    </div>
  );
}
