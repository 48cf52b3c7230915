/**
 * What the block list does, apart from drawing it: stable keys, adding, removing, moving (by
 * button, by the handle's keys, by dragging), collapsing, what the live region says and where
 * the focus goes after each of them.
 */
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import type { BlockForm, BlockValue } from "./block-forms-api";
import { nextKey, useStableKeys } from "./block-fields";
import { moved, newBlock } from "./block-values";

export const typeLabel = (t: TFunction, type: string) => t(`studio.blockTypes.${type}`, { defaultValue: type });

export function useBlockList(blocks: BlockValue[], onChange: (blocks: BlockValue[]) => void) {
  const { t } = useTranslation();
  const prefix = useId().replace(/:/g, "");
  const [keys, setKeys] = useStableKeys(blocks.length);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState<number | null>(null);
  const [grabbed, setGrabbed] = useState<number | null>(null);
  // The block whose handle the pointer holds: only it is draggable (its inputs stay selectable),
  // and the block, not the button, is dragged (Firefox drags no button).
  const [armed, setArmed] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const dragged = useRef<number | null>(null);
  const focusAfter = useFocusAfterRender();

  const idOf = (key: number, part: string) => `${prefix}-${key}-${part}`;
  const nameAt = (index: number) => typeLabel(t, blocks[index]?.type ?? "");
  const commit = (next: BlockValue[], nextKeys: number[]) => {
    setKeys(nextKeys);
    onChange(next);
  };
  const move = (from: number, to: number, focus: string) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const key = keys[from] as number;
    commit(moved(blocks, from, to), moved(keys, from, to));
    setAnnouncement(t("studio.blocks.moved", { name: nameAt(from), position: to + 1, count: blocks.length }));
    focusAfter(idOf(key, focus));
  };
  const add = (form: BlockForm) => {
    const key = nextKey();
    commit([...blocks, newBlock(form)], [...keys, key]);
    setAnnouncement(t("studio.blocks.added", { name: typeLabel(t, form.type), position: blocks.length + 1 }));
    focusAfter(idOf(key, "toggle"));
  };
  const askRemove = (index: number) => {
    setRemoving(index);
    focusAfter(idOf(keys[index] as number, "keep"));
  };
  const keep = (index: number) => {
    setRemoving(null);
    focusAfter(idOf(keys[index] as number, "remove"));
  };
  const remove = (at: number) => {
    const remaining = keys.filter((_, index) => index !== at);
    commit(
      blocks.filter((_, index) => index !== at),
      remaining,
    );
    setRemoving(null);
    setAnnouncement(t("studio.blocks.removed", { name: nameAt(at) }));
    const neighbour = remaining[Math.min(at, remaining.length - 1)];
    focusAfter(neighbour === undefined ? `${prefix}-add-type` : idOf(neighbour, "toggle"));
  };
  const toggle = (key: number) =>
    setCollapsed((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  /** The handle's keys: Space or Enter picks up and puts down, the arrows move, Escape puts down. */
  const handleKeys = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const where = { name: nameAt(index), position: index + 1, count: blocks.length };
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      setGrabbed(grabbed === index ? null : index);
      setAnnouncement(t(grabbed === index ? "studio.blocks.dropped" : "studio.blocks.grabbed", where));
    } else if (event.key === "Escape" && grabbed !== null) {
      setGrabbed(null);
      setAnnouncement(t("studio.blocks.dropped", where));
    } else if ((event.key === "ArrowUp" || event.key === "ArrowDown") && grabbed === index) {
      event.preventDefault();
      const to = event.key === "ArrowUp" ? index - 1 : index + 1;
      if (to < 0 || to >= blocks.length) return;
      setGrabbed(to);
      move(index, to, "handle");
    }
  };
  const dragStart = (event: DragEvent, index: number) => {
    dragged.current = index;
    event.dataTransfer.effectAllowed = "move";
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = null;
    setArmed(null);
    if (from !== null) move(from, to, "handle");
  };

  return {
    prefix,
    keys,
    idOf,
    announcement,
    open: (key: number) => !collapsed.has(key),
    toggle,
    removing,
    askRemove,
    keep,
    remove,
    grabbed,
    putDown: () => setGrabbed(null),
    armed,
    arm: setArmed,
    move,
    add,
    handleKeys,
    dragStart,
    drop,
  };
}

export type BlockListState = ReturnType<typeof useBlockList>;
