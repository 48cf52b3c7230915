/**
 * The media picker and an image field using it: the dialog takes the focus into its search,
 * keeps it inside (Tab wraps), moves between images by the arrow keys, picks by Enter, closes
 * on Escape, and gives the focus back to what opened it; the chosen image shows with its alt
 * text in the entry's language; an upload from the dialog picks the new image.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test, vi } from "vitest";
import type { ApiClient } from "../../lib/api";
import { fakeClient, inStudio, mediaItem, type Call } from "../editing/testing";
import { PICKER_PAGE_SIZE, type MediaItem } from "../media-api";
import { ImageChoice } from "./image-choice";
import { imageOf, MediaPicker, useMediaPicker } from "./media-picker";
import type { ImageData } from "./rich-text/convert";

const LIBRARY = [mediaItem(1, { fileName: "zwembad.jpg" }), mediaItem(2, { fileName: "strand.jpg", alt: { en: "A beach" } }), mediaItem(3, { fileName: "zwemles.jpg" })];

/** The library's API: a page of the images whose file name has `q`, and each image by id. */
function library(items: MediaItem[] = LIBRARY) {
  return fakeClient(({ method, path, options }: Call) => {
    if (method === "GET" && path === "/media") {
      const q = String(options?.query?.q ?? "");
      const found = items.filter((item) => item.fileName.includes(q));
      return { data: found, meta: { page: 1, pageSize: PICKER_PAGE_SIZE, total: found.length } };
    }
    const one = items.find((item) => path === `/media/${item.id}`);
    return one ? { data: one } : new Error(`unexpected ${method} ${path}`);
  });
}

function Field({ initial, onChange, locale = "nl" }: { initial: ImageData | null; onChange: (image: ImageData | null) => void; locale?: string }) {
  const [value, setValue] = useState(initial);
  const picker = useMediaPicker(locale);
  const pickImage = async () => {
    const item = await picker.pick();
    return item ? imageOf(item) : null;
  };
  const change = (image: ImageData | null) => {
    setValue(image);
    onChange(image);
  };
  return (
    <>
      <ImageChoice id="cover" legend="Cover image" value={value} locale={locale} pickImage={pickImage} onChange={change} removable />
      {picker.dialog}
    </>
  );
}

async function drawField(client: ApiClient, initial: ImageData | null = null, locale = "nl") {
  const onChange = vi.fn<(image: ImageData | null) => void>();
  await act(async () => {
    render(inStudio(<Field initial={initial} onChange={onChange} locale={locale} />, client));
  });
  return onChange;
}

async function press(element: Element, key: string, options: { shiftKey?: boolean } = {}) {
  await act(async () => {
    fireEvent.keyDown(element, { key, ...options });
  });
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const dialog = () => screen.getByRole("dialog", { name: "Choose an image" });
const tiles = () => within(dialog()).getAllByRole("button").filter((button) => button.classList.contains("studio-media-tile"));

describe("the media picker", () => {
  test("opens with the focus in its search and keeps it inside: Tab wraps both ways", async () => {
    await drawField(library().client);
    await click(screen.getByRole("button", { name: "Choose an image" }));
    const search = within(dialog()).getByRole("searchbox", { name: "Search by file name" });
    expect(document.activeElement).toBe(search);
    expect(dialog().getAttribute("aria-modal")).toBe("true");
    const cancel = within(dialog()).getByRole("button", { name: "Cancel" });
    await press(search, "Tab", { shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    await press(cancel, "Tab");
    expect(document.activeElement).toBe(search);
  });

  test("Escape closes without choosing and gives the focus back to the button that opened it", async () => {
    const onChange = await drawField(library().client);
    const choose = screen.getByRole("button", { name: "Choose an image" });
    choose.focus();
    await click(choose);
    await press(within(dialog()).getByRole("searchbox"), "Escape");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(choose);
    expect(onChange).not.toHaveBeenCalled();
  });

  test("the arrow keys, Home and End move between the images; Enter picks one, which shows with its alt text", async () => {
    const api = library();
    const onChange = await drawField(api.client);
    await click(screen.getByRole("button", { name: "Choose an image" }));
    const [first, second, third] = tiles() as [HTMLElement, HTMLElement, HTMLElement];
    expect(tiles().map((tile) => tile.textContent)).toEqual(["zwembad.jpgKind in zwempak", "strand.jpgNo alt text in Dutch", "zwemles.jpgKind in zwempak"]);
    first.focus();
    await press(first, "ArrowRight");
    expect(document.activeElement).toBe(second);
    await press(second, "End");
    expect(document.activeElement).toBe(third);
    await press(third, "ArrowDown");
    expect(document.activeElement).toBe(third);
    await press(third, "Home");
    expect(document.activeElement).toBe(first);
    await press(first, "ArrowRight");
    await click(second); // Enter on a focused button is its click
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ src: LIBRARY[1]?.url, alt: "", width: 1000, height: 700, media: 2 });
    const change = screen.getByRole("button", { name: "Change image" });
    expect(document.activeElement).toBe(change);
    const field = screen.getByRole("group", { name: "Cover image" });
    expect(within(field).getByText("strand.jpg")).toBeTruthy();
    expect(within(field).getByText("No alt text in Dutch yet: add it in the media library before publishing.")).toBeTruthy();
    expect(field.querySelector("img")?.getAttribute("src")).toBe("/media/library/2/1-0a1b2c3d/320.webp");
  });

  test("searching asks the library for the file name; Remove empties the field and focuses Choose", async () => {
    const api = library();
    const onChange = await drawField(api.client, imageOf(LIBRARY[0] as MediaItem), "en");
    const field = screen.getByRole("group", { name: "Cover image" });
    expect(within(field).getByText("Child in a float suit")).toBeTruthy();
    await click(within(field).getByRole("button", { name: "Change image" }));
    await act(async () => {
      fireEvent.change(within(dialog()).getByRole("searchbox"), { target: { value: "zwem" } });
    });
    expect(api.calls.filter((call) => call.path === "/media").map((call) => call.options?.query)).toEqual([
      { page: 1, pageSize: PICKER_PAGE_SIZE },
      { page: 1, pageSize: PICKER_PAGE_SIZE, q: "zwem" },
    ]);
    expect(tiles().map((tile) => tile.querySelector(".studio-media-name")?.textContent)).toEqual(["zwembad.jpg", "zwemles.jpg"]);
    await press(tiles()[0] as HTMLElement, "Escape");
    await click(within(field).getByRole("button", { name: "Remove image" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(document.activeElement).toBe(within(field).getByRole("button", { name: "Choose an image" }));
    expect(within(field).getByText("No image chosen.")).toBeTruthy();
  });

  test("an upload from the dialog goes through the upload client and picks the new image", async () => {
    const made = mediaItem(9, { fileName: "nieuw.jpg", variants: [], variantsStatus: "pending", alt: {} });
    const uploads = fakeClient(({ method, path, options }) => {
      expect([method, path, ((options?.body as FormData).get("file") as File).name]).toEqual(["POST", "/media", "nieuw.jpg"]);
      return { data: made };
    });
    const onPick = vi.fn();
    await act(async () => {
      render(inStudio(<MediaPicker locale="nl" onPick={onPick} onClose={() => undefined} uploadClient={() => uploads.client} />, library().client));
    });
    const file = new File([new Uint8Array([255, 216, 255])], "nieuw.jpg", { type: "image/jpeg" });
    await act(async () => {
      fireEvent.change(within(dialog()).getByLabelText("Or upload a new image"), { target: { files: [file] } });
    });
    expect(onPick).toHaveBeenCalledWith(made);
  });
});
