/**
 * THE INTEGRATION POINT for the block editor and the rich-text editor (helper D's
 * src/studio/content/block-list.tsx and rich-text/editor.tsx, branch block-forms). Until they
 * are merged, a page's blocks and an article's body are edited here as their stored JSON, in
 * a text area checked as JSON; the API checks everything else and names the field
 * (`blocks.2.title`), and those errors are listed under the area.
 *
 * At the merge, swap the bodies of BlocksField and RichTextField for D's components; the props
 * stay: `value` is the stored JSON (a list of blocks, a list of rich-text nodes), `onChange`
 * gets the new list, `errors` are the API's errors under this field by path. As D's branch
 * stands (block-list.tsx, rich-text/editor.tsx, block-forms-api.ts):
 *
 *   BlocksField: const forms = the answer of getBlockForms(client) (load once, e.g. in a small
 *     hook beside this one); while it loads, the loading text; then
 *     <BlockList forms={forms} blocks={value as BlockValue[]} onChange={onChange}
 *       showErrors={Object.keys(errors).length > 0}
 *       serverErrors={errors under `${path}.` regrouped by block index (D's serverBlockErrors)} />
 *     inside a <fieldset> whose legend is `label`.
 *   RichTextField: <span id={`${id}-label`}>{label}</span>
 *     <RichTextEditor id={id} value={value as RichText} onChange={onChange}
 *       labelledBy={`${id}-label`} invalid={below.length > 0} describedBy={`${id}-error`} />
 *     and the errors listed as below.
 *
 * Then the end-to-end step setFirstBlockTitle (tests/e2e/studio-content.spec.ts) types into the
 * first block's title field instead of the JSON.
 */
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { fieldDomId } from "./doc-field";

export type StructuredFieldProps = {
  form: string;
  path: string;
  label: string;
  value: unknown[];
  onChange: (value: unknown[]) => void;
  /** The API's errors at or below this field, by their dotted path. */
  errors: Record<string, string>;
  help?: string;
};

function JsonListField({ form, path, label, value, onChange, errors, help }: StructuredFieldProps) {
  const { t } = useTranslation();
  const id = fieldDomId(form, path);
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const below = Object.entries(errors).filter(([at]) => at === path || at.startsWith(`${path}.`));
  const change = (next: string) => {
    setText(next);
    try {
      const parsed: unknown = JSON.parse(next);
      if (!Array.isArray(parsed)) throw new Error("not a list");
      setParseError(null);
      onChange(parsed);
    } catch {
      setParseError(t("studio.editing.jsonInvalid"));
    }
  };
  const invalid = parseError !== null || below.length > 0;
  return (
    <div className="field studio-json" data-invalid={invalid ? "true" : undefined} data-path={path}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={path}
        rows={14}
        spellCheck={false}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={[help ? `${id}-help` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
        onChange={(event) => change(event.target.value)}
      />
      {help ? (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      ) : null}
      {invalid ? (
        <div id={`${id}-error`} className="field__error" role="alert">
          {parseError ? <p>{parseError}</p> : null}
          {below.length > 0 ? (
            <ul>
              {below.map(([at, message]) => (
                <li key={at}>
                  <code>{at}</code>: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A page's blocks (the 31 block types). Swap for D's BlockList at the merge. */
export function BlocksField(props: StructuredFieldProps) {
  return <JsonListField {...props} />;
}

/** An article's body (stored rich text). Swap for D's rich-text editor at the merge. */
export function RichTextField(props: StructuredFieldProps) {
  return <JsonListField {...props} />;
}
