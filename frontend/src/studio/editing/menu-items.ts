/**
 * A menu's items as a tree (pure): the order is the list's order, nesting is `items`. An item
 * is named by its place, a list of indexes (`[1, 0]`: the first item under the second). Every
 * change answers a new tree and where the moved item is now (for the focus and the live region).
 */
export type MenuItem = { key: string; title: string; path: string; items: MenuItem[] };
export type Place = number[];

export const newItem = (): MenuItem => ({ key: "", title: "", path: "", items: [] });

function listAt(items: MenuItem[], parent: Place): MenuItem[] {
  let list = items;
  for (const index of parent) list = list[index]?.items ?? [];
  return list;
}

function withListAt(items: MenuItem[], parent: Place, list: MenuItem[]): MenuItem[] {
  const [head, ...rest] = parent;
  if (head === undefined) return list;
  return items.map((item, index) => (index === head ? { ...item, items: withListAt(item.items, rest, list) } : item));
}

export const itemAt = (items: MenuItem[], place: Place): MenuItem | undefined => listAt(items, place.slice(0, -1))[place.at(-1) ?? -1];

/** The item one up or down among its siblings; unchanged at either end. */
export function moved(items: MenuItem[], place: Place, by: -1 | 1): { items: MenuItem[]; place: Place } {
  const parent = place.slice(0, -1);
  const at = place.at(-1) ?? 0;
  const list = [...listAt(items, parent)];
  const to = at + by;
  if (to < 0 || to >= list.length) return { items, place };
  [list[at], list[to]] = [list[to] as MenuItem, list[at] as MenuItem];
  return { items: withListAt(items, parent, list), place: [...parent, to] };
}

/** The item under the sibling before it (its last child); unchanged for a first item. */
export function indented(items: MenuItem[], place: Place): { items: MenuItem[]; place: Place } {
  const parent = place.slice(0, -1);
  const at = place.at(-1) ?? 0;
  const list = listAt(items, parent);
  const before = list[at - 1];
  const item = list[at];
  if (!before || !item) return { items, place };
  const next = list.filter((_, index) => index !== at).map((sibling, index) => (index === at - 1 ? { ...sibling, items: [...sibling.items, item] } : sibling));
  return { items: withListAt(items, parent, next), place: [...parent, at - 1, before.items.length] };
}

/** The item out of its parent, right after it; unchanged at the top level. */
export function outdented(items: MenuItem[], place: Place): { items: MenuItem[]; place: Place } {
  if (place.length < 2) return { items, place };
  const parent = place.slice(0, -1);
  const grandparent = parent.slice(0, -1);
  const parentAt = parent.at(-1) ?? 0;
  const item = itemAt(items, place);
  if (!item) return { items, place };
  const without = withListAt(items, parent, listAt(items, parent).filter((_, index) => index !== place.at(-1)));
  const outer = [...listAt(without, grandparent)];
  outer.splice(parentAt + 1, 0, item);
  return { items: withListAt(without, grandparent, outer), place: [...grandparent, parentAt + 1] };
}

export function removed(items: MenuItem[], place: Place): MenuItem[] {
  const parent = place.slice(0, -1);
  return withListAt(items, parent, listAt(items, parent).filter((_, index) => index !== place.at(-1)));
}

/** A new empty item at the end of `parent`'s items (the top level for `[]`). */
export function added(items: MenuItem[], parent: Place): { items: MenuItem[]; place: Place } {
  const list = listAt(items, parent);
  return { items: withListAt(items, parent, [...list, newItem()]), place: [...parent, list.length] };
}

/** `items.1.items.0`: the place as the API names the item's fields. */
export const placePath = (place: Place) => place.map((index) => `items.${index}`).join(".");

/** The items of a stored menu, every item with all four fields (a draft may lack some). */
export function menuItems(raw: unknown): MenuItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item: Partial<MenuItem>) => ({
    key: String(item?.key ?? ""),
    title: String(item?.title ?? ""),
    path: String(item?.path ?? ""),
    items: menuItems(item?.items),
  }));
}
