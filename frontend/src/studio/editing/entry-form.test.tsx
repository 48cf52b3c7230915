/**
 * The entry editor with a fake API: autosave waits for a pause in typing, a conflict keeps the
 * editor's text and shows theirs beside it, another language shows the default one beside each
 * field, and publishing's refusal is said at the field.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError, type ApiClient } from "../../lib/api";
import type { Collection, Document, Entry } from "./editing-api";
import { EntryForm } from "./entry-form";
import { AUTOSAVE_MS } from "./use-autosave";
import BLOCK_FORMS from "../../testing/block-forms.json";
import { fakeClient as studioClient, inStudio, mediaItem, type Call } from "./testing";

function entryOf(document: Document | null, extra: Partial<Entry> = {}): Entry {
  return {
    collection: "page",
    key: "about",
    locale: "nl",
    document,
    revision: document ? 3 : 0,
    savedBy: document ? "Sanne" : null,
    savedAt: document ? "2026-11-29T09:00:00Z" : null,
    live: document,
    publishedRevision: document ? 3 : null,
    publishAt: null,
    scheduleRefused: null,
    missing: [],
    ...extra,
  };
}

function apiError(status: number, message: string, details: Record<string, unknown>) {
  return new ApiError({ data: null, error: { status, name: status === 409 ? "ConflictError" : "ValidationError", message, details } });
}

/** The studio's fake client, answering the block list's forms itself. */
const fakeClient = (answer: (call: Call) => unknown) => studioClient((call) => (call.path === "/content/block-forms" ? { data: BLOCK_FORMS } : answer(call)));

const saved = (revision: number) => ({ data: { revision, savedBy: "Owner", savedAt: "2026-11-29T10:00:00Z", publishAt: null } });

function editor(client: ApiClient, entry: Entry, options: { locale?: string; reference?: Document | null; collection?: Collection } = {}) {
  return render(
    inStudio(
      <EntryForm
        collection={options.collection ?? "page"}
        entryKey="about"
        locale={options.locale ?? "nl"}
        entry={entry}
        reference={options.reference ?? null}
        pages={[]}
        onReload={() => undefined}
      />,
      client,
    ),
  );
}

async function type(label: string | RegExp, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("saving as you type", () => {
  test("a save goes AUTOSAVE_MS after the last change, on the revision the entry had, and the next on the answered one", async () => {
    vi.useFakeTimers();
    let revision = 3;
    const api = fakeClient((call) => (call.method === "PUT" ? saved(++revision) : null));
    editor(api.client, entryOf({ title: "Over ons", slug: "over-ons", blocks: [] }));
    await type(/^Title(?! for)/, "Over ons en");
    await wait(AUTOSAVE_MS - 500);
    await type(/^Title(?! for)/, "Over ons en de zee");
    await wait(AUTOSAVE_MS - 1);
    expect(api.saves()).toHaveLength(0);
    await wait(1);
    expect(api.saves()).toHaveLength(1);
    expect(api.saves()[0]?.path).toBe("/content/page/about");
    expect(api.saves()[0]?.options?.query).toEqual({ locale: "nl" });
    expect(api.saves()[0]?.options?.body).toEqual({ revision: 3, document: expect.objectContaining({ title: "Over ons en de zee", slug: "over-ons" }) });
    expect(document.querySelector(".studio-save-state")?.textContent).toMatch(/^Saved by Owner/);
    await type(/^Title(?! for)/, "Over ons");
    await wait(AUTOSAVE_MS);
    expect(api.saves().map((call) => (call.options?.body as { revision: number }).revision)).toEqual([3, 4]);
  });

  test("nothing is saved while nothing changed, and a closing tab sends what is unsaved with keepalive", async () => {
    vi.useFakeTimers();
    const api = fakeClient((call) => (call.method === "PUT" ? saved(4) : null));
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }));
    await wait(AUTOSAVE_MS * 3);
    expect(api.saves()).toHaveLength(0);
    await type(/^Title(?! for)/, "Over ons!");
    await act(async () => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(api.saves()).toHaveLength(1);
    expect(api.saves()[0]?.options?.keepalive).toBe(true);
  });
});

describe("the conflict screen", () => {
  test("a 409 says who and when, shows their changes beside yours, and reloading theirs keeps your text to copy", async () => {
    const theirs = entryOf({ title: "Over Splash", slug: "over-ons", blocks: [] }, { revision: 5, savedBy: "Jan" });
    const api = fakeClient((call) => {
      if (call.method === "PUT") return apiError(409, "Jan saved this", { revision: 5, savedBy: "Jan", savedAt: "2026-11-29T10:15:00Z" });
      if (call.method === "GET") return { data: theirs };
      return null;
    });
    editor(api.client, entryOf({ title: "Over ons", slug: "over-ons", blocks: [] }));
    await type(/^Title(?! for)/, "Over ons, de makers");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save now" }));
    });
    const panel = screen.getByRole("region", { name: "Someone else saved this entry" });
    expect(within(panel).getByText(/^Jan saved it at /)).toBeTruthy();
    expect((screen.getByLabelText(/^Title(?! for)/) as HTMLInputElement).value).toBe("Over ons, de makers");

    await act(async () => {
      fireEvent.click(within(panel).getByRole("button", { name: "Show their changes" }));
    });
    const table = within(panel).getByRole("table", { name: "1 field differs between Jan's version and yours" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual(["FieldJan's versionYour version", "titleOver SplashOver ons, de makers"]);

    await act(async () => {
      fireEvent.click(within(panel).getByRole("button", { name: "Reload (take theirs)" }));
    });
    expect(screen.queryByRole("region", { name: "Someone else saved this entry" })).toBeNull();
    expect((screen.getByLabelText(/^Title(?! for)/) as HTMLInputElement).value).toBe("Over Splash");
    expect((screen.getByLabelText("Your text (not saved)") as HTMLTextAreaElement).value).toContain('"title": "Over ons, de makers"');
  });

  test("keeping yours saves it on their revision", async () => {
    const theirs = entryOf({ title: "Over Splash", blocks: [] }, { revision: 5, savedBy: "Jan" });
    let conflicted = false;
    const api = fakeClient((call) => {
      if (call.method === "PUT" && !conflicted) {
        conflicted = true;
        return apiError(409, "Jan saved this", { revision: 5, savedBy: "Jan", savedAt: "2026-11-29T10:15:00Z" });
      }
      if (call.method === "PUT") return saved(6);
      return { data: theirs };
    });
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }));
    await type(/^Title(?! for)/, "Mijn titel");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save now" }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Keep mine (save over theirs)" }));
    });
    expect(api.saves().map((call) => call.options?.body)).toEqual([
      { revision: 3, document: expect.objectContaining({ title: "Mijn titel" }) },
      { revision: 5, document: expect.objectContaining({ title: "Mijn titel" }) },
    ]);
    expect(screen.queryByRole("region", { name: "Someone else saved this entry" })).toBeNull();
  });
});

describe("six languages side by side", () => {
  test("a German page shows the Dutch text beside each field, marks what is not translated, and copies it", async () => {
    const api = fakeClient(() => saved(1));
    editor(api.client, entryOf(null, { locale: "de" }), { locale: "de", reference: { title: "Over ons", seoTitle: "Wie wij zijn", slug: "over-ons" } });
    const title = screen.getByLabelText(/^Title(?! for)/) as HTMLInputElement;
    const field = title.closest("[data-path]") as HTMLElement;
    expect(within(field).getByText("In Dutch:")).toBeTruthy();
    expect(within(field).getByText("Over ons")).toBeTruthy();
    expect(within(field).getByText("Not translated yet: Dutch has a text here.")).toBeTruthy();
    expect(title.getAttribute("aria-describedby")).toContain("-missing");
    await act(async () => {
      fireEvent.click(within(field).getByRole("button", { name: /^Copy from Dutch ?\(Title\)$/ }));
    });
    expect(title.value).toBe("Over ons");
    expect(within(field).queryByText("Not translated yet: Dutch has a text here.")).toBeNull();
    // The slug is the language's own: no Dutch slug beside it.
    expect((screen.getByLabelText(/^Slug/).closest("[data-path]") as HTMLElement).querySelector(".studio-reference")).toBeNull();
  });

  test("the default language shows no other language beside its fields", () => {
    editor(fakeClient(() => null).client, entryOf({ title: "Over ons", blocks: [] }));
    expect(screen.queryByText("In Dutch:")).toBeNull();
  });
});

describe("publishing", () => {
  test("a refusal is said at each field it names, in the editor's language, and the first takes the focus", async () => {
    const api = fakeClient((call) => {
      if (call.path.endsWith("/publish"))
        return apiError(400, "Required before publishing: title, seoImage.alt", {
          errors: [
            { path: ["title"], message: "Fill this in before publishing", name: "ValidationError" },
            { path: ["slug"], message: "The slug 'over-ons' is taken in this language", name: "ValidationError" },
          ],
        });
      return null;
    });
    editor(api.client, entryOf({ title: "", slug: "over-ons", blocks: [] }, { locale: "de" }), { locale: "de" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    });
    expect(api.calls.find((call) => call.path.endsWith("/publish"))?.options?.body).toEqual({ revision: 3 });
    const title = screen.getByLabelText(/^Title(?! for)/);
    expect(within(title.closest("[data-path]") as HTMLElement).getByRole("alert").textContent).toBe("Fill this in before publishing.");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(title);
    expect(within(screen.getByLabelText(/^Slug/).closest("[data-path]") as HTMLElement).getByRole("alert").textContent).toBe("Another entry in this language has this slug.");
    expect(screen.getByText("Not published: 2 fields must be filled in first.")).toBeTruthy();
  });

  test("a published draft says its version", async () => {
    const api = fakeClient((call) => (call.path.endsWith("/publish") ? { data: { number: 7, publishedBy: "Owner", publishedAt: "2026-11-29T10:00:00Z" } } : null));
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    });
    expect(screen.getByText("Published as version 7. The site shows it within seconds.")).toBeTruthy();
  });
});

describe("publishing at a chosen time", () => {
  test("the time goes as a moment with its zone on the draft's revision; a time past is refused at the field", async () => {
    let refuse = true;
    const api = fakeClient((call) => {
      if (!call.path.endsWith("/schedule")) return null;
      if (refuse) return apiError(400, "Choose a time in the future", { errors: [{ path: ["at"], message: "Choose a time in the future", name: "ValidationError" }] });
      return { data: { revision: 3, savedBy: "Owner", savedAt: "2026-11-29T10:00:00Z", publishAt: "2030-01-07T09:00:00Z" } };
    });
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }));
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Publish at"), { target: { value: "2030-01-07T10:00" } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish at this time" }));
    });
    const call = api.calls.find((found) => found.path.endsWith("/schedule"));
    expect(call?.options?.body).toEqual({ revision: 3, at: new Date("2030-01-07T10:00").toISOString() });
    expect(within(screen.getByLabelText("Publish at").closest(".field") as HTMLElement).getByRole("alert").textContent).toBe("Choose a time in the future.");

    refuse = false;
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish at this time" }));
    });
    expect(screen.getByRole("button", { name: /^Cancel publishing at / })).toBeTruthy();
    expect(screen.queryByText("Choose a time in the future.")).toBeNull();
  });
});

describe("taking a page off the site", () => {
  test("a page with published pages below it stays, and the refusal names them", async () => {
    const api = fakeClient((call) =>
      call.path.endsWith("/unpublish") ? apiError(409, "Pages below this one are published: academy-how-it-works", { children: ["academy-how-it-works", "academy-faq"] }) : null,
    );
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Take off the site" }));
    });
    expect(screen.getByRole("alert").textContent).toBe("Pages below this one are still on the site: academy-how-it-works, academy-faq. Take them off or move them first.");
    expect(screen.queryByText(/saved this/)).toBeNull(); // not taken for someone's save
    expect(screen.getByRole("button", { name: "Take off the site" })).toBeTruthy();
  });
});

describe("a scheduled publish refused at its time", () => {
  test("the entry says why until it is scheduled again", async () => {
    const api = fakeClient((call) =>
      call.path.endsWith("/schedule") ? { data: { revision: 3, savedBy: "Owner", savedAt: "2026-11-29T10:00:00Z", publishAt: "2030-01-07T09:00:00Z" } } : null,
    );
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }, { scheduleRefused: "The slug 'over-ons' is taken in this language" }));
    expect(screen.getByText("Scheduled publish refused: The slug 'over-ons' is taken in this language")).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Publish at"), { target: { value: "2030-01-07T10:00" } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish at this time" }));
    });
    expect(screen.queryByText(/^Scheduled publish refused/)).toBeNull();
  });
});

describe("history", () => {
  test("versions with who and when, what one changed, read again after a publish", async () => {
    let versions = [
      { number: 2, publishedBy: "Jan", publishedAt: "2026-11-28T09:00:00Z" },
      { number: 1, publishedBy: "Sanne", publishedAt: "2026-11-27T09:00:00Z" },
    ];
    const api = fakeClient((call) => {
      if (call.path.endsWith("/versions")) return { data: versions };
      if (call.path.endsWith("/versions/2/changes")) return { data: [{ path: "title", before: "Over Splash", after: "Over ons" }] };
      if (call.path.endsWith("/publish")) {
        versions = [{ number: 3, publishedBy: "Owner", publishedAt: "2026-11-29T10:00:00Z" }, ...versions];
        return { data: versions[0] };
      }
      return null;
    });
    editor(api.client, entryOf({ title: "Over ons", blocks: [] }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show the versions" }));
    });
    const table = screen.getByRole("table", { name: "2 versions, the newest first" });
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["2", "1"]);
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("Jan");
    // The first version changed nothing before it: no "changes" button for it.
    expect(within(table).queryByRole("button", { name: "Changes in version 1" })).toBeNull();
    await act(async () => {
      fireEvent.click(within(table).getByRole("button", { name: "Changes in version 2" }));
    });
    const changes = screen.getByLabelText("What version 2 changed");
    expect(changes.textContent).toBe("titleOver Splash → Over ons");

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    });
    expect(within(screen.getByRole("table", { name: "3 versions, the newest first" })).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["3", "2", "1"]);
  });

  test("restoring a version saves what is unsaved first, then opens the entry again", async () => {
    const api = fakeClient((call) => {
      if (call.path.endsWith("/versions")) return { data: [{ number: 1, publishedBy: "Sanne", publishedAt: "2026-11-27T09:00:00Z" }] };
      if (call.path.endsWith("/restore")) return saved(5);
      if (call.method === "PUT") return saved(4);
      return null;
    });
    const reload = vi.fn();
    render(inStudio(<EntryForm collection="page" entryKey="about" locale="nl" entry={entryOf({ title: "Over ons", blocks: [] })} reference={null} pages={[]} onReload={reload} />, api.client),
    );
    await type(/^Title(?! for)/, "Over ons!");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show the versions" }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Restore version 1 as the draft" }));
    });
    expect(api.calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`)).toEqual(["PUT /content/page/about", "POST /content/page/about/versions/1/restore"]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("an article's category and cover", () => {
  test("the category is chosen from the language's categories by name; the cover is a library image, not an address", async () => {
    vi.useFakeTimers();
    const cover = { src: "/media/library/4/1-0a1b2c3d/original.jpg", alt: "", width: 1000, height: 700, media: 4 };
    const api = fakeClient((call) => {
      if (call.path === "/content/categories") return { data: [{ key: "tips", slug: "tips", name: "Zwemtips" }, { key: "news", slug: "nieuws", name: "Nieuws" }] };
      if (call.path === "/media/4") return { data: mediaItem(4, { fileName: "cover.jpg" }) };
      return call.method === "PUT" ? saved(4) : null;
    });
    await act(async () => {
      editor(api.client, entryOf({ title: "Eerste zwemles", slug: "eerste-zwemles", excerpt: "", category: "tips", cover, publishedAt: null, seoTitle: "", seoDescription: "", body: [] }), { collection: "article" });
    });
    expect(api.calls.find((call) => call.path === "/content/categories")?.options?.query).toEqual({ locale: "nl" });
    const category = screen.getByLabelText(/^Category/) as HTMLSelectElement;
    expect([...category.options].map((option) => option.textContent)).toEqual(["No category", "Zwemtips", "Nieuws"]);
    expect(category.value).toBe("tips");
    const field = screen.getByRole("group", { name: "Cover image" });
    expect(within(field).getByText("cover.jpg")).toBeTruthy();
    expect(within(field).getByText("Kind in zwempak")).toBeTruthy();
    expect(screen.queryByLabelText(/Image address|Width in pixels/)).toBeNull();

    await act(async () => {
      fireEvent.change(category, { target: { value: "news" } });
      fireEvent.click(within(field).getByRole("button", { name: "Remove image" }));
    });
    await wait(AUTOSAVE_MS);
    expect(api.saves().at(-1)?.options?.body).toEqual({ revision: 3, document: expect.objectContaining({ category: "news", cover: null }) });
  });
});
