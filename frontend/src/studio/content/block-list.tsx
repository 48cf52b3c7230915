/**
 * A page's blocks as forms generated from the block forms: add a block (choose its type),
 * remove it (after a question), reorder by dragging its handle or by keyboard (the move buttons,
 * or the handle: Space picks the block up, the arrow keys move it, Space or Escape puts it
 * down; a live region says where it went), collapse and expand. Values are the stored JSON.
 */
import { useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "../../lib/i18n";
import { Confirm } from "../../ui/confirm";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import type { BlockForm, BlockValue } from "./block-forms-api";
import { blockSchema, validateBlock, type BlockErrors } from "./block-schema";
import { Fields, FieldsProvider, nextKey, useStableKeys } from "./block-fields";
import { moved, newBlock, summary, withValueAt, type Path } from "./block-values";
import type { PickImage } from "./rich-text/editor";

type Props = {
  forms: BlockForm[];
  blocks: BlockValue[];
  onChange: (blocks: BlockValue[]) => void;
  /** Every error shown, touched or not (after a save was tried). */
  showErrors?: boolean;
  pickImage?: PickImage;
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

export const typeLabel = (t: TFunction, type: string) => t(`studio.blockTypes.${type}`, { defaultValue: type });

export function BlockList({ forms, blocks, onChange, showErrors = false, pickImage, headingLevel = 3 }: Props) {
  const Title = `h${headingLevel}` as "h3";
  const { t } = useTranslation();
  const prefix = useId().replace(/:/g, "");
  const [keys, setKeys] = useStableKeys(blocks.length);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [removing, setRemoving] = useState<number | null>(null);
  const [grabbed, setGrabbed] = useState<number | null>(null);
  // The block whose handle the pointer holds: only it is draggable (its inputs stay selectable),
  // and the block, not the button, is dragged (Firefox drags no button).
  const [armed, setArmed] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [adding, setAdding] = useState(forms[0]?.type ?? "");
  const dragged = useRef<number | null>(null);
  const focusAfter = useFocusAfterRender();
  const schemas = useMemo(() => new Map(forms.map((form) => [form.type, blockSchema(form, t)])), [forms, t]);

  const idOf = (key: number, part: string) => `${prefix}-${key}-${part}`;
  const commit = (next: BlockValue[], nextKeys: number[]) => {
    setKeys(nextKeys);
    onChange(next);
  };
  const move = (from: number, to: number, focus: string) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const key = keys[from] as number;
    commit(moved(blocks, from, to), moved(keys, from, to));
    const name = typeLabel(t, blocks[from]?.type ?? "");
    setAnnouncement(t("studio.blocks.moved", { name, position: to + 1, count: blocks.length }));
    focusAfter(idOf(key, focus));
  };
  const add = () => {
    const form = forms.find((candidate) => candidate.type === adding);
    if (!form) return;
    const key = nextKey();
    commit([...blocks, newBlock(form)], [...keys, key]);
    setAnnouncement(t("studio.blocks.added", { name: typeLabel(t, form.type), position: blocks.length + 1 }));
    focusAfter(idOf(key, "toggle"));
  };
  const remove = (at: number) => {
    const name = typeLabel(t, blocks[at]?.type ?? "");
    const remaining = keys.filter((_, index) => index !== at);
    commit(
      blocks.filter((_, index) => index !== at),
      remaining,
    );
    setRemoving(null);
    setAnnouncement(t("studio.blocks.removed", { name }));
    const neighbour = remaining[Math.min(at, remaining.length - 1)];
    focusAfter(neighbour === undefined ? `${prefix}-add-type` : idOf(neighbour, "toggle"));
  };
  const toggle = (key: number) =>
    setCollapsed((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const handleKeys = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const key = event.key;
    if (key === " " || key === "Enter") {
      event.preventDefault();
      const name = typeLabel(t, blocks[index]?.type ?? "");
      setGrabbed(grabbed === index ? null : index);
      setAnnouncement(t(grabbed === index ? "studio.blocks.dropped" : "studio.blocks.grabbed", { name, position: index + 1, count: blocks.length }));
    } else if (key === "Escape" && grabbed !== null) {
      setGrabbed(null);
      setAnnouncement(t("studio.blocks.dropped", { name: typeLabel(t, blocks[index]?.type ?? ""), position: index + 1, count: blocks.length }));
    } else if ((key === "ArrowUp" || key === "ArrowDown") && grabbed === index) {
      event.preventDefault();
      const to = key === "ArrowUp" ? index - 1 : index + 1;
      if (to >= 0 && to < blocks.length) {
        setGrabbed(to);
        move(index, to, "handle");
      }
    }
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = null;
    setArmed(null);
    if (from !== null) move(from, to, "handle");
  };

  return (
    <div className="studio-blocks">
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      <ol className="studio-blocks__list">
        {blocks.map((block, index) => {
          const key = keys[index] as number;
          const form = forms.find((candidate) => candidate.type === block.type);
          const schema = schemas.get(block.type);
          const errors = schema ? validateBlock(schema, block) : {};
          const name = typeLabel(t, block.type);
          const open = !collapsed.has(key);
          const text = summary(block);
          const change = (path: Path, value: unknown) => onChange(blocks.map((other, at) => (at === index ? withValueAt(other, path, value) : other)));
          return (
            <li
              key={key}
              className="studio-block"
              draggable={armed === key}
              onDragStart={(event) => {
                dragged.current = index;
                event.dataTransfer.effectAllowed = "move";
              }}
              onDragEnd={() => setArmed(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => drop(event, index)}
              data-grabbed={grabbed === index || undefined}
            >
              <section aria-labelledby={idOf(key, "title")}>
                <div className="studio-block__header">
                  <button
                    type="button"
                    id={idOf(key, "handle")}
                    className="studio-block__handle"
                    aria-pressed={grabbed === index}
                    aria-describedby={`${prefix}-handle-help`}
                    aria-label={t("studio.blocks.handle", { name, position: index + 1 })}
                    onPointerDown={() => setArmed(key)}
                    onPointerUp={() => setArmed(null)}
                    onKeyDown={(event) => handleKeys(event, index)}
                    // Put down when the focus goes elsewhere (not when the move itself re-inserts the block).
                    onBlur={(event) => event.relatedTarget && setGrabbed(null)}
                  >
                    ⠿
                  </button>
                  <Title id={idOf(key, "title")} className="studio-block__title">
                    <button type="button" id={idOf(key, "toggle")} aria-expanded={open} aria-controls={idOf(key, "body")} onClick={() => toggle(key)}>
                      {index + 1}. {name}
                      {text && (
                        <>
                          {" – "}
                          <span className="studio-block__summary">{text}</span>
                        </>
                      )}
                      {Object.keys(errors).length > 0 && (
                        <>
                          {" "}
                          <span className="studio-block__flag">({t("studio.blocks.hasErrors")})</span>
                        </>
                      )}
                    </button>
                  </Title>
                  <span className="studio-inline">
                    <button type="button" id={idOf(key, "up")} className="button button--secondary" disabled={index === 0} aria-label={t("studio.blocks.moveUp", { name })} onClick={() => move(index, index - 1, "up")}>
                      ↑
                    </button>
                    <button type="button" id={idOf(key, "down")} className="button button--secondary" disabled={index === blocks.length - 1} aria-label={t("studio.blocks.moveDown", { name })} onClick={() => move(index, index + 1, "down")}>
                      ↓
                    </button>
                    <button
                      type="button"
                      id={idOf(key, "remove")}
                      className="button button--secondary"
                      aria-label={t("studio.blocks.remove", { name })}
                      onClick={() => {
                        setRemoving(index);
                        focusAfter(idOf(key, "keep"));
                      }}
                    >
                      ✕
                    </button>
                  </span>
                </div>
                {removing === index && (
                  <Confirm
                    question={t("studio.blocks.removeQuestion", { name })}
                    yes={t("studio.blocks.removeYes")}
                    no={t("studio.blocks.removeNo")}
                    noId={idOf(key, "keep")}
                    onYes={() => remove(index)}
                    onNo={() => {
                      setRemoving(null);
                      focusAfter(idOf(key, "remove"));
                    }}
                  />
                )}
                <div id={idOf(key, "body")} className="studio-block__body" hidden={!open}>
                  {form ? (
                    <FieldsProvider
                      value={{
                        idPrefix: `${prefix}-${key}-field`,
                        block,
                        errors,
                        shown: (path) => showErrors || touched.has(`${key}:${path}`),
                        touch: (path) => setTouched((before) => new Set(before).add(`${key}:${path}`)),
                        change,
                        pickImage,
                      }}
                    >
                      {form.fields.length > 0 ? <Fields fields={form.fields} path={[]} /> : <p>{t("studio.blocks.noFields")}</p>}
                    </FieldsProvider>
                  ) : (
                    <p>{t("studio.blocks.unknownType", { type: block.type })}</p>
                  )}
                </div>
              </section>
            </li>
          );
        })}
      </ol>
      {blocks.length === 0 && <p>{t("studio.blocks.empty")}</p>}
      <p id={`${prefix}-handle-help`} className="visually-hidden">
        {t("studio.blocks.handleHelp")}
      </p>
      <div className="studio-inline studio-blocks__add">
        <label htmlFor={`${prefix}-add-type`}>{t("studio.blocks.type")}</label>
        <select id={`${prefix}-add-type`} value={adding} onChange={(event) => setAdding(event.target.value)}>
          {forms.map((form) => (
            <option key={form.type} value={form.type}>
              {typeLabel(t, form.type)}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={add}>
          {t("studio.blocks.add")}
        </button>
      </div>
    </div>
  );
}

