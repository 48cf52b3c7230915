/**
 * One block of the list: its header (the handle, the title that collapses and expands it, move
 * up and down, remove with a question) and its fields, drawn from its form. Its own touched
 * fields move with it.
 */
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { Confirm } from "../../ui/confirm";
import type { BlockForm, BlockValue } from "./block-forms-api";
import type { BlockErrors } from "./block-schema";
import { Fields, FieldsProvider } from "./block-fields";
import { summary, type Path } from "./block-values";
import type { PickImage } from "./rich-text/editor";
import { typeLabel, type BlockListState } from "./use-block-list";

type Props = {
  list: BlockListState;
  block: BlockValue;
  index: number;
  count: number;
  form: BlockForm | undefined;
  errors: BlockErrors;
  /** The backend's refusals of this block's fields: shown without being touched. */
  serverErrors: BlockErrors;
  change: (path: Path, value: unknown) => void;
  showErrors: boolean;
  pickImage?: PickImage;
  locale: string;
  headingLevel: 2 | 3 | 4 | 5 | 6;
};

function Header({ list, block, index, count, errors, headingLevel }: Props) {
  const { t } = useTranslation();
  const key = list.keys[index] as number;
  const name = typeLabel(t, block.type);
  const text = summary(block);
  const Title = `h${headingLevel}` as "h3";
  return (
    <div className="studio-block__header">
      <button
        type="button"
        id={list.idOf(key, "handle")}
        className="studio-block__handle"
        aria-pressed={list.grabbed === index}
        aria-describedby={`${list.prefix}-handle-help`}
        aria-label={t("studio.blocks.handle", { name, position: index + 1 })}
        onPointerDown={() => list.arm(key)}
        onPointerUp={() => list.arm(null)}
        onKeyDown={(event) => list.handleKeys(event, index)}
        // Put down when the focus goes elsewhere (not when the move itself re-inserts the block).
        onBlur={(event) => event.relatedTarget && list.putDown()}
      >
        ⠿
      </button>
      <Title id={list.idOf(key, "title")} className="studio-block__title">
        <button type="button" id={list.idOf(key, "toggle")} aria-expanded={list.open(key)} aria-controls={list.idOf(key, "body")} onClick={() => list.toggle(key)}>
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
        <button type="button" id={list.idOf(key, "up")} className="button button--secondary" disabled={index === 0} aria-label={t("studio.blocks.moveUp", { name })} onClick={() => list.move(index, index - 1, "up")}>
          ↑
        </button>
        <button type="button" id={list.idOf(key, "down")} className="button button--secondary" disabled={index === count - 1} aria-label={t("studio.blocks.moveDown", { name })} onClick={() => list.move(index, index + 1, "down")}>
          ↓
        </button>
        <button type="button" id={list.idOf(key, "remove")} className="button button--secondary" aria-label={t("studio.blocks.remove", { name })} onClick={() => list.askRemove(index)}>
          ✕
        </button>
      </span>
    </div>
  );
}

export function BlockItem(props: Props) {
  const { t } = useTranslation();
  const { list, block, index, form, errors, serverErrors, change, showErrors, pickImage, locale } = props;
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const key = list.keys[index] as number;
  return (
    <li
      className="studio-block"
      draggable={list.armed === key}
      onDragStart={(event) => list.dragStart(event, index)}
      onDragEnd={() => list.arm(null)}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => list.drop(event, index)}
      data-grabbed={list.grabbed === index || undefined}
    >
      <section aria-labelledby={list.idOf(key, "title")}>
        <Header {...props} />
        {list.removing === index && (
          <Confirm
            question={t("studio.blocks.removeQuestion", { name: typeLabel(t, block.type) })}
            yes={t("studio.blocks.removeYes")}
            no={t("studio.blocks.removeNo")}
            noId={list.idOf(key, "keep")}
            onYes={() => list.remove(index)}
            onNo={() => list.keep(index)}
          />
        )}
        <div id={list.idOf(key, "body")} className="studio-block__body" hidden={!list.open(key)}>
          {form ? (
            <FieldsProvider
              value={{
                idPrefix: `${list.prefix}-${key}-field`,
                block,
                errors,
                shown: (path) => showErrors || touched.has(path) || path in serverErrors,
                touch: (path) => setTouched((before) => new Set(before).add(path)),
                change,
                pickImage,
                locale,
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
}
