/**
 * A page's blocks as forms generated from the block forms: add a block (choose its type),
 * remove it (after a question), reorder by dragging its handle or by keyboard (the move buttons,
 * or the handle: Space picks the block up, the arrow keys move it, Space or Escape puts it
 * down; a live region says where it went), collapse and expand. Values are the stored JSON.
 */
import { useMemo, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "../../lib/i18n";
import type { BlockForm, BlockValue } from "./block-forms-api";
import { BlockItem } from "./block-item";
import { blockSchema, validateBlock, type BlockErrors } from "./block-schema";
import { withValueAt, type Path } from "./block-values";
import type { PickImage } from "./rich-text/editor";
import { typeLabel, useBlockList } from "./use-block-list";

type Props = {
  forms: BlockForm[];
  blocks: BlockValue[];
  onChange: (blocks: BlockValue[]) => void;
  /** Every error shown, touched or not (after a save was tried). */
  showErrors?: boolean;
  /** What the backend refused at the last save, by block (serverBlockErrors); shown at once. */
  serverErrors?: Record<number, BlockErrors>;
  /** Opens the media picker for an image field (or a rich text's image); without it none is chosen. */
  pickImage?: PickImage;
  /** The entry's language: image fields show the library's alt text in it. */
  locale: string;
  /** The level of each block's title: one below the heading the list sits under (3 under an h2). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
};

/** Every block's errors, by block index then path; blocks without errors are left out. */
export function blockListErrors(forms: BlockForm[], blocks: BlockValue[], t: TFunction): Record<number, BlockErrors> {
  const found: Record<number, BlockErrors> = {};
  blocks.forEach((block, index) => {
    const form = forms.find((candidate) => candidate.type === block.type);
    const errors = form ? validateBlock(blockSchema(form, t), block) : {};
    if (Object.keys(errors).length > 0) found[index] = errors;
  });
  return found;
}

function AddBlock({ forms, onAdd, selectId }: { forms: BlockForm[]; onAdd: (form: BlockForm) => void; selectId: string }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(forms[0]?.type ?? "");
  const chosen = forms.find((form) => form.type === adding);
  return (
    <div className="studio-inline studio-blocks__add">
      <label htmlFor={selectId}>{t("studio.blocks.type")}</label>
      <select id={selectId} value={adding} onChange={(event) => setAdding(event.target.value)}>
        {forms.map((form) => (
          <option key={form.type} value={form.type}>
            {typeLabel(t, form.type)}
          </option>
        ))}
      </select>
      <button type="button" className="button" onClick={() => chosen && onAdd(chosen)}>
        {t("studio.blocks.add")}
      </button>
    </div>
  );
}

export function BlockList({ forms, blocks, onChange, showErrors = false, serverErrors = {}, pickImage, locale, headingLevel = 3 }: Props) {
  const { t } = useTranslation();
  const list = useBlockList(blocks, onChange);
  const schemas = useMemo(() => new Map(forms.map((form) => [form.type, blockSchema(form, t)])), [forms, t]);
  return (
    <div className="studio-blocks">
      <p role="status" aria-live="polite" className="visually-hidden">
        {list.announcement}
      </p>
      <ol className="studio-blocks__list">
        {blocks.map((block, index) => {
          const schema = schemas.get(block.type);
          const change = (path: Path, value: unknown) => onChange(blocks.map((other, at) => (at === index ? withValueAt(other, path, value) : other)));
          return (
            <BlockItem
              key={list.keys[index]}
              list={list}
              block={block}
              index={index}
              count={blocks.length}
              form={forms.find((candidate) => candidate.type === block.type)}
              errors={{ ...serverErrors[index], ...(schema ? validateBlock(schema, block) : {}) }}
              serverErrors={serverErrors[index] ?? {}}
              change={change}
              showErrors={showErrors}
              pickImage={pickImage}
              locale={locale}
              headingLevel={headingLevel}
            />
          );
        })}
      </ol>
      {blocks.length === 0 && <p>{t("studio.blocks.empty")}</p>}
      <p id={`${list.prefix}-handle-help`} className="visually-hidden">
        {t("studio.blocks.handleHelp")}
      </p>
      <AddBlock forms={forms} onAdd={list.add} selectId={`${list.prefix}-add-type`} />
    </div>
  );
}
