/**
 * A menu's items: title and path of each, nested, reordered by buttons (up, down, in under the
 * item before, out of its parent) that keep the keyboard's focus on the moved item and say in
 * a live region where it went.
 */
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { DocField, fieldDomId } from "./doc-field";
import { valueAt } from "./document-paths";
import { added, indented, moved, outdented, placePath, removed, type MenuItem, type Place } from "./menu-items";

type Props = {
  form: string;
  items: MenuItem[];
  onChange: (items: MenuItem[]) => void;
  errors: Record<string, string>;
  /** The default language's menu, beside each field (null: editing the default language). */
  reference: { locale: string; document: unknown } | null;
};

const placeId = (form: string, place: Place, action: string) => `${form}-item-${place.join("-")}-${action}`;

export function MenuItemsField({ form, items, onChange, errors, reference }: Props) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState("");
  const focus = useFocusAfterRender();
  const position = (place: Place) => place.map((index) => index + 1).join(".");

  const act = (change: { items: MenuItem[]; place: Place }, action: string) => {
    onChange(change.items);
    setAnnouncement(t("studio.editing.menu.movedTo", { position: position(change.place) }));
    // A new item: its title; a moved one: the same button again (or its title when that one is now off).
    focus(action === "title" ? fieldDomId(form, `${placePath(change.place)}.title`) : placeId(form, change.place, action));
  };

  const renderList = (list: MenuItem[], parent: Place) => (
    <ol className="studio-menu">
      {list.map((item, index) => {
        const place = [...parent, index];
        const path = placePath(place);
        const title = item.title || t("studio.editing.menu.untitled");
        const button = (action: string, label: string, run: () => void, disabled = false) => (
          <button id={placeId(form, place, action)} type="button" className="button button--secondary" disabled={disabled} onClick={run}>
            {label}
            <span className="visually-hidden"> ({title})</span>
          </button>
        );
        return (
          <li key={`${path}-${item.key}`}>
            <fieldset className="studio-menu__item">
              <legend>{t("studio.editing.menu.item", { position: position(place) })}</legend>
              {(["title", "path"] as const).map((name) => (
                <DocField
                  key={name}
                  form={form}
                  path={`${path}.${name}`}
                  label={t(`studio.editing.fields.${name === "title" ? "menuTitle" : "menuPath"}`)}
                  value={item[name]}
                  required
                  error={errors[`${path}.${name}`]}
                  reference={reference ? { locale: reference.locale, value: valueAt(reference.document, `${path}.${name}`) ?? "" } : null}
                  onChange={(value) => onChange(updated(items, place, { [name]: value }))}
                />
              ))}
              <div className="studio-inline">
                {button("up", t("studio.editing.menu.up"), () => act(moved(items, place, -1), "up"), index === 0)}
                {button("down", t("studio.editing.menu.down"), () => act(moved(items, place, 1), "down"), index === list.length - 1)}
                {button("in", t("studio.editing.menu.indent"), () => act(indented(items, place), "out"), index === 0)}
                {button("out", t("studio.editing.menu.outdent"), () => act(outdented(items, place), "in"), parent.length === 0)}
                {button("child", t("studio.editing.menu.addChild"), () => act(added(items, place), "title"))}
                {button("remove", t("studio.editing.menu.remove"), () => {
                  onChange(removed(items, place));
                  setAnnouncement(t("studio.editing.menu.removed", { title }));
                  focus(`${form}-menu-add`);
                })}
              </div>
            </fieldset>
            {item.items.length > 0 ? renderList(item.items, place) : null}
          </li>
        );
      })}
    </ol>
  );

  return (
    <fieldset className="studio-menu-field">
      <legend>{t("studio.editing.menu.items")}</legend>
      {items.length === 0 ? <p>{t("studio.editing.menu.empty")}</p> : renderList(items, [])}
      <button id={`${form}-menu-add`} type="button" className="button button--secondary" onClick={() => act(added(items, []), "title")}>
        {t("studio.editing.menu.add")}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

function updated(items: MenuItem[], place: Place, change: Partial<MenuItem>): MenuItem[] {
  const [head, ...rest] = place;
  return items.map((item, index) => {
    if (index !== head) return item;
    return rest.length === 0 ? { ...item, ...change } : { ...item, items: updated(item.items, rest, change) };
  });
}
