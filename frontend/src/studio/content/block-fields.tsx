/**
 * One block's fields, drawn from its form definition alone (no code per block type): texts,
 * numbers, choices, links, images, icons, rich text, lists of items and nested groups, each
 * labelled by its name's text, grouped in fieldsets, with its error once touched.
 */
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "../../lib/i18n";
import { Icon, ICON_NAMES, isIconName } from "../../ui/icon";
import type { FormField } from "./block-forms-api";
import type { BlockErrors } from "./block-schema";
import { fieldLabel } from "./block-schema";
import { moved, pathKey, startValue, valueAt, type Path } from "./block-values";
import type { PickImage } from "./rich-text/editor";
import type { ImageData, RichText } from "./rich-text/convert";
import { ImageChoice } from "./image-choice";

// Slate comes with the first rich-text field a block shows: the studio's other screens never load it.
const RichTextEditor = lazy(() => import("./rich-text/editor").then((module) => ({ default: module.RichTextEditor })));

export type FieldsContext = {
  /** The block's own prefix for element ids. */
  idPrefix: string;
  block: unknown;
  errors: BlockErrors;
  shown: (key: string) => boolean;
  touch: (key: string) => void;
  change: (path: Path, value: unknown) => void;
  pickImage?: PickImage;
  /** The entry's language: the alt texts shown are the library's in it. */
  locale: string;
};

const Context = createContext<FieldsContext | null>(null);

export function FieldsProvider({ value, children }: { value: FieldsContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useFields(): FieldsContext {
  const context = useContext(Context);
  if (!context) throw new Error("Block fields must be inside <FieldsProvider>");
  return context;
}

export const elementId = (prefix: string, path: Path) => `${prefix}-${pathKey(path).replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** The error of the field at `path`, once touched (or after a save was tried). */
export function useFieldError(path: Path): { id: string; error: string | undefined; errorId: string } {
  const { idPrefix, errors, shown } = useFields();
  const key = pathKey(path);
  const id = elementId(idPrefix, path);
  return { id, error: shown(key) ? errors[key] : undefined, errorId: `${id}-error` };
}

export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={id} className="studio-field__error">
      {error}
    </span>
  ) : null;
}

/** A label with "(optional)" after an optional field's text. */
function LabelText({ field, label }: { field: FormField; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      {label}
      {!field.required && <span className="studio-field__optional"> ({t("forms.optional")})</span>}
    </>
  );
}

/** What an input's text becomes: an optional field left empty is left out; a number as a number. */
function typed(field: FormField, raw: string): unknown {
  if (raw === "" && !field.required) return undefined;
  if (field.kind !== "number") return raw;
  const number = Number(raw);
  return raw.trim() !== "" && Number.isFinite(number) ? number : raw;
}

function hintOf(field: FormField, t: TFunction): string | undefined {
  if (field.kind === "icon") return t("studio.blocks.iconHint");
  if (field.maxLength !== undefined && field.kind !== "number") return t("studio.blocks.maxLength", { max: field.maxLength });
  return undefined;
}

function InputField({ field, path, label }: { field: FormField; path: Path; label: string }) {
  const { t } = useTranslation();
  const { block, touch, change } = useFields();
  const { id, error, errorId } = useFieldError(path);
  const value = valueAt(block, path);
  const hint = hintOf(field, t);
  const described = [hint ? `${id}-hint` : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    "aria-required": field.required || undefined,
    onBlur: () => touch(pathKey(path)),
  };
  const shown = value === undefined || value === null ? "" : String(value);
  let input: ReactNode;
  if (field.kind === "long-text") {
    input = <textarea {...common} rows={4} value={shown} onChange={(event) => change(path, typed(field, event.target.value))} />;
  } else if (field.kind === "select") {
    input = (
      <select {...common} value={shown} onChange={(event) => change(path, typed(field, event.target.value))}>
        {!field.required && <option value="">{field.default === undefined ? t("studio.blocks.none") : t("studio.blocks.byDefault", { value: optionText(t, field, String(field.default)) })}</option>}
        {field.required && shown === "" && <option value="">{t("studio.blocks.choose")}</option>}
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {optionText(t, field, option)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "boolean") {
    input = <input {...common} type="checkbox" checked={value === true} onChange={(event) => change(path, event.target.checked)} />;
  } else {
    const numeric = field.kind === "number";
    const icons = field.kind === "icon" ? `${id}-icons` : undefined;
    input = (
      <>
        <input {...common} type="text" list={icons} inputMode={numeric ? "numeric" : undefined} value={shown} onChange={(event) => change(path, typed(field, event.target.value))} />
        {icons && <IconChoice listId={icons} name={shown} />}
      </>
    );
  }
  return (
    <p className="studio-field">
      <label htmlFor={id}>
        <LabelText field={field} label={label} />
      </label>
      {input}
      {hint && (
        <span id={`${id}-hint`} className="studio-field__hint">
          {hint}
        </span>
      )}
      <ErrorText id={errorId} error={error} />
    </p>
  );
}

/** The shop's icons to choose from while typing, the chosen one drawn, and a word when it has none by that name. */
function IconChoice({ listId, name }: { listId: string; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <datalist id={listId}>
        {ICON_NAMES.map((icon) => (
          <option key={icon} value={icon} />
        ))}
      </datalist>
      {isIconName(name) ? <Icon name={name} /> : name && <span className="studio-field__hint">{t("studio.blocks.unknownIcon")}</span>}
    </>
  );
}

/** A choice's text: the option's own words where the studio has them ("left"), else the value ("16:9"). */
export function optionText(t: TFunction, field: FormField, option: string): string {
  return /^[a-z][a-z-]*$/.test(option) && field.name ? t(`studio.blockOptions.${field.name}.${option}`) : option;
}

function RichTextField({ field, path, label }: { field: FormField; path: Path; label: string }) {
  const { t } = useTranslation();
  const { block, touch, change, pickImage } = useFields();
  const { id, error, errorId } = useFieldError(path);
  const value = valueAt(block, path) as RichText | undefined;
  return (
    <div className="studio-field">
      <span id={`${id}-label`} className="studio-field__label">
        <LabelText field={field} label={label} />
      </span>
      <Suspense fallback={<p>{t("studio.loading")}</p>}>
        <RichTextEditor
          id={id}
          value={value ?? []}
          onChange={(next) => change(path, next)}
          onBlur={() => touch(pathKey(path))}
          labelledBy={`${id}-label`}
          describedBy={error ? errorId : undefined}
          invalid={Boolean(error)}
          pickImage={pickImage}
        />
      </Suspense>
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

/** A link, an image or a group: a fieldset of its own fields; an optional one can be added and removed. */
function GroupField({ field, path, label, actions }: { field: FormField; path: Path; label: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { block, change, idPrefix } = useFields();
  const value = valueAt(block, path);
  const id = elementId(idPrefix, path);
  if (value === undefined || value === null) {
    return (
      <p className="studio-field">
        <button type="button" className="button button--secondary" id={`${id}-add`} onClick={() => change(path, startValue(field))}>
          {t("studio.blocks.addPart", { field: label })}
        </button>
      </p>
    );
  }
  return (
    <fieldset className="studio-fieldset" id={id}>
      <legend>
        <LabelText field={field} label={label} />
      </legend>
      <Fields fields={field.fields ?? []} path={path} />
      {actions}
      {!field.required && (
        <button type="button" className="button button--secondary" onClick={() => change(path, undefined)}>
          {t("studio.blocks.removePart", { field: label })}
        </button>
      )}
    </fieldset>
  );
}

/** An image: chosen from the media library through the picker, never typed. */
function ImageField({ field, path, label, actions }: { field: FormField; path: Path; label: string; actions?: ReactNode }) {
  const { block, change, touch, pickImage, idPrefix, errors, shown, locale } = useFields();
  const key = pathKey(path);
  const below = Object.entries(errors)
    .filter(([at]) => (at === key || at.startsWith(`${key}.`)) && shown(at))
    .map(([, message]) => message);
  return (
    <>
      <ImageChoice
        id={elementId(idPrefix, path)}
        legend={<LabelText field={field} label={label} />}
        value={valueAt(block, path) as ImageData | undefined}
        locale={locale}
        pickImage={pickImage}
        onChange={(image) => change(path, image ?? (field.required ? startValue(field) : undefined))}
        removable={!field.required}
        errors={[...new Set(below)]}
        onBlur={() => touch(key)}
      />
      {actions}
    </>
  );
}

/** One field at `path`, by its kind; `label` overrides its name's text (a list's numbered item). */
export function FieldEditor({ field, path, label, actions }: { field: FormField; path: Path; label?: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const text = label ?? fieldLabel(t, field.name);
  switch (field.kind) {
    case "image":
      return <ImageField field={field} path={path} label={text} actions={actions} />;
    case "link":
    case "group":
      return <GroupField field={field} path={path} label={text} actions={actions} />;
    case "list":
      return <ListField field={field} path={path} label={text} />;
    case "rich-text":
      return <RichTextField field={field} path={path} label={text} />;
    default:
      return (
        <div className="studio-list__scalar">
          <InputField field={field} path={path} label={text} />
          {actions}
        </div>
      );
  }
}

let lastKey = 0;
export const nextKey = () => ++lastKey;

/**
 * Stable keys for the items of a list this component reorders: an item's editor (a rich text's
 * kept Slate editor) moves with it. A list replaced from outside with another length gets new keys.
 */
export function useStableKeys(length: number): [number[], (keys: number[]) => void] {
  const [keys, setKeys] = useState(() => Array.from({ length }, nextKey));
  if (keys.length === length) return [keys, setKeys];
  const fresh = Array.from({ length }, nextKey);
  setKeys(fresh);
  return [fresh, setKeys];
}

/** A list: its items in order, each moved up or down or removed; items added up to the most. */
function ListField({ field, path, label }: { field: FormField; path: Path; label: string }) {
  const { t } = useTranslation();
  const { block, change, touch, idPrefix } = useFields();
  const { id, error, errorId } = useFieldError(path);
  const items = (valueAt(block, path) as unknown[] | undefined) ?? [];
  const item = field.item as FormField;
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  const fewest = field.minItems !== undefined && items.length <= field.minItems;
  const [keys, setKeys] = useStableKeys(items.length);
  const focusLater = (target: string) => requestAnimationFrame(() => document.getElementById(target)?.focus());
  const set = (next: unknown[], nextKeys: number[]) => {
    setKeys(nextKeys);
    change(path, next);
    touch(pathKey(path));
  };
  const move = (from: number, to: number, button: string) => {
    set(moved(items, from, to), moved(keys, from, to));
    focusLater(`${elementId(idPrefix, [...path, to])}-${button}`);
  };
  const remove = (at: number) => {
    set(
      items.filter((_, index) => index !== at),
      keys.filter((_, index) => index !== at),
    );
    focusLater(items.length > 1 ? `${elementId(idPrefix, [...path, Math.min(at, items.length - 2)])}-remove` : `${id}-add`);
  };
  const add = () => {
    set([...items, startValue(item)], [...keys, nextKey()]);
    focusLater(`${elementId(idPrefix, [...path, items.length])}-remove`);
  };
  return (
    <fieldset className="studio-fieldset studio-list" id={id} aria-describedby={error ? errorId : undefined}>
      <legend>
        <LabelText field={field} label={label} />
      </legend>
      <ErrorText id={errorId} error={error} />
      {items.map((_, index) => {
        const itemId = elementId(idPrefix, [...path, index]);
        const name = t("studio.blocks.item", { field: label, number: index + 1 });
        const actions = (
          <span className="studio-inline studio-list__actions">
            <button type="button" id={`${itemId}-up`} className="button button--secondary" disabled={index === 0} onClick={() => move(index, index - 1, "up")} aria-label={t("studio.blocks.moveUp", { name })}>
              ↑
            </button>
            <button type="button" id={`${itemId}-down`} className="button button--secondary" disabled={index === items.length - 1} onClick={() => move(index, index + 1, "down")} aria-label={t("studio.blocks.moveDown", { name })}>
              ↓
            </button>
            <button type="button" id={`${itemId}-remove`} className="button button--secondary" disabled={fewest} onClick={() => remove(index)} aria-label={t("studio.blocks.removeItem", { name })}>
              ✕
            </button>
          </span>
        );
        return <FieldEditor key={keys[index] ?? `at-${index}`} field={{ ...item, required: true }} path={[...path, index]} label={name} actions={actions} />;
      })}
      <button type="button" id={`${id}-add`} className="button button--secondary" disabled={full} onClick={add}>
        {t("studio.blocks.addItem", { field: label })}
      </button>
    </fieldset>
  );
}

export function Fields({ fields, path }: { fields: FormField[]; path: Path }) {
  return (
    <>
      {fields.map((field) => (
        <FieldEditor key={field.name} field={field} path={[...path, field.name as string]} />
      ))}
    </>
  );
}
