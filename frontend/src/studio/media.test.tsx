import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test, vi } from "vitest";
import { ApiError, type ApiClient } from "../lib/api";
import { createI18n } from "../lib/i18n";
import shopEnglish from "../locales/en.json";
import english from "./locales/en.json";
import { mediaItem as item } from "./editing/testing";
import { MediaScreen } from "./screens/media";
import { altChanges, missingAlt, refusedUses, sizeOf, thumbnailOf, uploadProblem } from "./screens/media-logic";
import { SessionContext } from "./session";

const i18n = () => createI18n("en", { ...shopEnglish, studio: english });

function refusal() {
  const uses = [{ kind: "page", id: 3, title: "Zwemmen", locale: "nl" }];
  return new ApiError({ data: null, error: { status: 409, name: "ConflictError", message: "The image is used by page “Zwemmen” (nl)", details: { uses } } });
}

function fakeClient(request: ApiClient["request"]): ApiClient {
  const unused = () => Promise.reject(new Error("not used"));
  return { request, find: unused, findOne: unused, create: unused, update: unused, delete: unused };
}

function inStudio(client: ApiClient, uploadClient?: (onProgress: (fraction: number) => void) => ApiClient) {
  const session = { client, me: null, setMe: () => undefined, leave: async () => undefined, signedOut: false };
  return render(
    <I18nextProvider i18n={i18n()}>
      <SessionContext.Provider value={session}>
        <MediaScreen uploadClient={uploadClient} />
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}

describe("the media library's rules", () => {
  test("the grid shows the smallest WebP variant, or the file while variants are made", () => {
    expect(thumbnailOf(item(4))).toBe("/media/library/4/1-0a1b2c3d/320.webp");
    expect(thumbnailOf(item(4, { variants: [], variantsStatus: "pending" }))).toBe("/media/library/4/1-0a1b2c3d/original.jpg");
  });

  test("an image lacks alt text in each language without a text, blanks included", () => {
    expect(missingAlt(item(1, { alt: { nl: "Zwempak", de: "  " } }))).toEqual(["en", "de", "es", "fr", "sv"]);
    expect(missingAlt(item(1, { alt: { nl: "a", en: "b", de: "c", es: "d", fr: "e", sv: "f" } }))).toEqual([]);
  });

  test("a save sends only the languages whose text changed, trimmed; emptied ones as empty", () => {
    const texts = { nl: "Kind in zwempak", en: "", de: " Kind im Schwimmanzug ", es: "", fr: "", sv: "" };
    expect(altChanges(item(1), texts)).toEqual({ en: "", de: "Kind im Schwimmanzug" });
  });

  test("a refused removal names its uses; other failures name none", () => {
    expect(refusedUses(refusal())).toEqual([{ kind: "page", id: 3, title: "Zwemmen", locale: "nl" }]);
    expect(refusedUses(new Error("offline"))).toBeNull();
  });

  test("an upload's refusal shows the server's words for a bad file, else the general text", () => {
    const bomb = new ApiError({ data: null, error: { status: 400, name: "ValidationError", message: "The image has too many pixels", details: {} } });
    expect(uploadProblem(bomb, "The upload failed.")).toBe("The image has too many pixels");
    expect(uploadProblem(new Error("offline"), "The upload failed.")).toBe("The upload failed.");
  });

  test("sizes read as people read them", () => {
    expect(sizeOf(245_000, "en")).toBe("245 kB");
    expect(sizeOf(2_450_000, "nl")).toBe("2,5 MB");
    expect(sizeOf(512, "en")).toBe("512 B");
  });
});

describe("the media library screen", () => {
  test("lists the images; a chosen one shows its uses, and a removal refused while used names them", async () => {
    const request = vi.fn(async (method: string, path: string) => {
      if (method === "GET" && path === "/media") return { data: [item(2, { alt: { nl: "Strand" } }), item(1)], meta: { page: 1, pageSize: 48, total: 2 } };
      if (method === "GET" && path === "/media/2/uses") return { data: [{ kind: "page", id: 3, title: "Zwemmen", locale: "nl" }] };
      if (method === "DELETE" && path === "/media/2") throw refusal();
      throw new Error(`unexpected ${method} ${path}`);
    });
    inStudio(fakeClient(request as ApiClient["request"]));

    const tile = await screen.findByRole("button", { name: /foto-2\.jpg/ });
    expect(within(tile).getByText("No alt text: en, de, es, fr, sv")).toBeTruthy();
    fireEvent.click(tile);

    const detail = await screen.findByRole("region", { name: "foto-2.jpg" });
    expect(await within(detail).findByText("Page: Zwemmen (nl)")).toBeTruthy();
    expect((within(detail).getByLabelText("Dutch") as HTMLInputElement).value).toBe("Strand");
    fireEvent.click(within(detail).getByRole("button", { name: "Delete this image" }));
    fireEvent.click(within(detail).getByRole("button", { name: "Yes, delete" }));

    const alert = await within(detail).findByText("This image cannot be deleted while it is used by:");
    expect(alert.parentElement?.getAttribute("role")).toBe("alert");
    expect(request).toHaveBeenCalledWith("DELETE", "/media/2");
  });

  test("shows more images on request, the next page after the first", async () => {
    const request = vi.fn(async (method: string, path: string, options?: { query?: Record<string, unknown> }) => {
      if (method === "GET" && path === "/media" && options?.query?.page === 1) return { data: [item(3), item(2)], meta: { page: 1, pageSize: 2, total: 3 } };
      if (method === "GET" && path === "/media" && options?.query?.page === 2) return { data: [item(1)], meta: { page: 2, pageSize: 2, total: 3 } };
      throw new Error(`unexpected ${method} ${path}`);
    });
    inStudio(fakeClient(request as ApiClient["request"]));
    fireEvent.click(await screen.findByRole("button", { name: "Show more images" }));

    expect(await screen.findByRole("button", { name: /foto-1\.jpg/ })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /foto-\d\.jpg/ })).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Show more images" })).toBeNull();
    expect(request).toHaveBeenLastCalledWith("GET", "/media", { query: { page: 2, pageSize: 2 } });
  });

  test("saves the alt texts that changed", async () => {
    const request = vi.fn(async (method: string, path: string, options?: { body?: unknown }) => {
      if (method === "GET" && path === "/media") return { data: [item(1)], meta: { page: 1, pageSize: 48, total: 1 } };
      if (method === "GET" && path === "/media/1/uses") return { data: [] };
      if (method === "PATCH" && path === "/media/1/alt") return { data: item(1, { alt: { ...item(1).alt, ...(options?.body as { alt: object }).alt } }) };
      throw new Error(`unexpected ${method} ${path}`);
    });
    inStudio(fakeClient(request as ApiClient["request"]));
    fireEvent.click(await screen.findByRole("button", { name: /foto-1\.jpg/ }));
    const detail = await screen.findByRole("region", { name: "foto-1.jpg" });
    expect(await within(detail).findByText("No page, article or product uses this image.")).toBeTruthy();

    fireEvent.change(within(detail).getByLabelText("German"), { target: { value: "Kind im Schwimmanzug" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Save alt texts" }));

    await waitFor(() => expect(request).toHaveBeenCalledWith("PATCH", "/media/1/alt", { body: { alt: { de: "Kind im Schwimmanzug" } } }));
    expect(await screen.findByText("The alt texts are saved.")).toBeTruthy();
  });

  test("an upload goes through the upload client with its progress, then joins the grid", async () => {
    const request = vi.fn(async (method: string, path: string) => {
      if (method === "GET" && path === "/media") return { data: [], meta: { page: 1, pageSize: 48, total: 0 } };
      if (method === "GET" && path === "/media/9/uses") return { data: [] };
      throw new Error(`unexpected ${method} ${path}`);
    });
    const uploads = vi.fn(async (method: string, path: string, options?: { body?: unknown }) => {
      const form = options?.body as FormData;
      expect([method, path, (form.get("file") as File).name]).toEqual(["POST", "/media", "zwembad.png"]);
      return { data: item(9, { fileName: "zwembad.png", format: "png", variants: [], variantsStatus: "pending", alt: {} }) };
    });
    const progress: ((fraction: number) => void)[] = [];
    inStudio(fakeClient(request as ApiClient["request"]), (onProgress) => {
      progress.push(onProgress);
      return fakeClient(uploads as ApiClient["request"]);
    });
    expect(await screen.findByText("The library is empty. Upload the first image.")).toBeTruthy();

    const file = new File([new Uint8Array([137, 80, 78, 71])], "zwembad.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Upload an image"), { target: { files: [file] } });

    expect(await screen.findByText("zwembad.png is in the library.")).toBeTruthy();
    expect(progress).toHaveLength(1);
    expect(screen.getByRole("button", { name: /zwembad\.png/ })).toBeTruthy();
    expect(screen.getByText("Smaller versions are being made.")).toBeTruthy();
  });
});
