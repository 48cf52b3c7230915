/** A menu's items reordered by buttons: the tree changes, the focus stays on the moved item, a live region says where. */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { expect, test } from "vitest";
import { createI18n } from "../../lib/i18n";
import shopEnglish from "../../locales/en.json";
import english from "../locales/en.json";
import type { MenuItem } from "./menu-items";
import { MenuItemsField } from "./menu-items-field";

const item = (title: string, items: MenuItem[] = []): MenuItem => ({ key: title.toLowerCase(), title, path: `/${title.toLowerCase()}`, items });

function Menu({ reference = null }: { reference?: { locale: string; document: unknown } | null }) {
  const [items, setItems] = useState([item("Winkel"), item("Academy", [item("Lessen")]), item("Blog")]);
  return (
    <I18nextProvider i18n={createI18n("en", { ...shopEnglish, studio: english })}>
      <MenuItemsField form="menu" items={items} onChange={setItems} errors={{ "items.2.path": "Fill this in before publishing." }} reference={reference} />
    </I18nextProvider>
  );
}

const titles = () => screen.getAllByRole("group").filter((group) => group.tagName === "FIELDSET" && group.querySelector("legend")?.textContent?.startsWith("Item")).map((group) => `${group.querySelector("legend")?.textContent}: ${(within(group).getAllByRole("textbox")[0] as HTMLInputElement).value}`);

test("moving an item down, in and out keeps the focus on it and says where it went", async () => {
  render(<Menu />);
  expect(titles()).toEqual(["Item 1: Winkel", "Item 2: Academy", "Item 2.1: Lessen", "Item 3: Blog"]);
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /^Move down ?\(Winkel\)$/ }));
  });
  expect(titles()).toEqual(["Item 1: Academy", "Item 1.1: Lessen", "Item 2: Winkel", "Item 3: Blog"]);
  expect(document.activeElement?.id).toBe("menu-item-1-down");
  expect(screen.getByRole("status").textContent).toBe("Now item 2.");

  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /^Move in \(under the item above\) ?\(Winkel\)$/ }));
  });
  expect(titles()).toEqual(["Item 1: Academy", "Item 1.1: Lessen", "Item 1.2: Winkel", "Item 2: Blog"]);
  expect(document.activeElement?.id).toBe("menu-item-0-1-out");

  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /^Move out ?\(Winkel\)$/ }));
  });
  expect(titles()).toEqual(["Item 1: Academy", "Item 1.1: Lessen", "Item 2: Winkel", "Item 3: Blog"]);
  expect(screen.getByRole("status").textContent).toBe("Now item 2.");
});

test("a new item's title takes the focus; an error the API named shows at its field", async () => {
  render(<Menu />);
  expect(within(document.getElementById("menu-items-2-path")?.closest(".field") as HTMLElement).getByRole("alert").textContent).toBe("Fill this in before publishing.");
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Add an item" }));
  });
  expect(titles().at(-1)).toBe("Item 4: ");
  expect(document.activeElement?.id).toBe("menu-items-3-title");
});

test("another language's menu shows the Dutch titles beside its own", () => {
  render(<Menu reference={{ locale: "nl", document: { items: [{ title: "Shop", path: "/shop" }] } }} />);
  const first = screen.getAllByText("In Dutch:")[0]?.closest(".studio-reference") as HTMLElement;
  expect(within(first).getByText("Shop")).toBeTruthy();
});
