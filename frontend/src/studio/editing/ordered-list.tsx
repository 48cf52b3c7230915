/**
 * A list put in order by keyboard and buttons, as the block list does (content/block-list.tsx):
 * each item's "move up" and "move down" buttons, the focus staying on the moved item's button,
 * and a live region saying where it went. The course outline orders its levels and lessons so.
 */
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { moved } from "../content/block-values";

type Props<T> = {
  items: T[];
  /** What an item is called in the buttons' labels and the announcement. */
  nameOf: (item: T, index: number) => string;
  /** A key that stays with the item as it moves. */
  keyOf: (item: T) => string;
  onChange: (items: T[]) => void;
  children: (item: T, index: number) => ReactNode;
  label: string;
};

export function OrderedList<T>({ items, nameOf, keyOf, onChange, children, label }: Props<T>) {
  const { t } = useTranslation();
  const prefix = useId().replace(/:/g, "");
  const [announcement, setAnnouncement] = useState("");
  const focusAfter = useFocusAfterRender();
  const idOf = (item: T, button: string) => `${prefix}-${keyOf(item)}-${button}`;
  const move = (from: number, to: number, button: string) => {
    const item = items[from] as T;
    onChange(moved(items, from, to));
    setAnnouncement(t("studio.blocks.moved", { name: nameOf(item, from), position: to + 1, count: items.length }));
    focusAfter(idOf(item, to === 0 || to === items.length - 1 ? (button === "up" ? "down" : "up") : button));
  };
  return (
    <>
      <ol className="studio-ordered" aria-label={label}>
        {items.map((item, index) => {
          const name = nameOf(item, index);
          return (
            <li key={keyOf(item)} className="studio-ordered__item">
              {children(item, index)}
              <span className="studio-inline">
                <button type="button" id={idOf(item, "up")} className="button button--secondary" disabled={index === 0} aria-label={t("studio.blocks.moveUp", { name })} onClick={() => move(index, index - 1, "up")}>
                  ↑
                </button>
                <button type="button" id={idOf(item, "down")} className="button button--secondary" disabled={index === items.length - 1} aria-label={t("studio.blocks.moveDown", { name })} onClick={() => move(index, index + 1, "down")}>
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
