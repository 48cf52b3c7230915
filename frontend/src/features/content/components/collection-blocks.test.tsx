import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { findArticles } from "../api/find-articles";
import type { BlockData } from "../types";
import { Blocks } from "./blocks";
import type { ArticleCard, EnrichedCollectionListBlock, EnrichedFilterBarBlock, PaginationMeta } from "./collection-types";
import { fakeApi, renderBlock } from "../../../testing/content";

function article(id: number, category: "tips" | "news" | null = "tips"): ArticleCard {
  return {
    id,
    slug: `article-${id}`,
    title: `Article ${id}`,
    excerpt: `What article ${id} is about.`,
    cover: id % 2 ? { src: `/media/cover-${id}.jpg`, alt: `Cover ${id}`, width: 1200, height: 750 } : null,
    publishedAt: "2025-04-0" + ((id % 9) + 1) + "T09:00:00.000Z",
    path: `/blog/article-${id}`,
    category: category ? { slug: category, name: category === "tips" ? "Swimming tips" : "News" } : null,
  };
}

const pageMeta = (page: number, pageCount = 3, total = 6, pageSize = 2): PaginationMeta => ({ page, pageSize, pageCount, total });

const filterBar: EnrichedFilterBarBlock = {
  type: "filter-bar",
  categories: [
    { key: "tips", slug: "tips", name: "Swimming tips" },
    { key: "news", slug: "news", name: "News" },
  ],
};

function list(extra: Partial<EnrichedCollectionListBlock> = {}): EnrichedCollectionListBlock {
  return { type: "collection-list", collection: "article", title: "Latest articles", limit: 2, entries: [article(1), article(2)], pagination: pageMeta(1), ...extra };
}

function page(blocks: unknown[]): BlockData[] {
  return blocks as BlockData[];
}

const BASE = "/api/articles?locale=en&pagination[page]=";
const SORT = "&sort[0]=publishedAt%3Adesc";

const titles = () => within(document.querySelector(".article-grid") as HTMLElement).getAllByRole("heading").map((heading) => heading.textContent);

describe("article list, filter bar and pagination", () => {
  test("the server's first page is shown as it came, without a request", () => {
    // given
    const api = fakeApi(() => ({ data: [], meta: { pagination: pageMeta(1) } }));
    // when
    renderBlock(<Blocks blocks={page([filterBar, list(), { type: "pagination" }])} client={api.client} />);
    // then
    expect(screen.getByRole("heading", { level: 2, name: "Latest articles" })).toBeTruthy();
    expect(titles()).toEqual(["Article 1", "Article 2"]);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
  });

  test("a card links its title to the article, with the cover, the date, the category and the excerpt", () => {
    renderBlock(<Blocks blocks={page([list()])} />);
    const card = screen.getByRole("heading", { level: 3, name: "Article 1" }).closest("article") as HTMLElement;
    expect(within(card).getByRole("link", { name: "Article 1" }).getAttribute("href")).toBe("/blog/article-1");
    const cover = within(card).getByRole("img", { name: "Cover 1" });
    expect([cover.getAttribute("width"), cover.getAttribute("height"), cover.getAttribute("loading")]).toEqual(["1200", "750", "lazy"]);
    expect(card.querySelector("time")?.getAttribute("dateTime")).toBe("2025-04-02");
    expect(card.querySelector("time")?.textContent).toBe("2 April 2025");
    expect(within(card).getByText("Swimming tips")).toBeTruthy();
    expect(within(card).getByText("What article 1 is about.")).toBeTruthy();
  });

  test("choosing a category fetches its first page through findArticles and announces the result", async () => {
    // given
    const api = fakeApi(() => ({ data: [article(7)], meta: { pagination: { page: 1, pageSize: 2, pageCount: 1, total: 1 } } }));
    renderBlock(<Blocks blocks={page([filterBar, list(), { type: "pagination" }])} client={api.client} />);
    const tips = screen.getByRole("button", { name: "Swimming tips" });
    // when
    fireEvent.click(tips);
    // then
    expect(tips.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    await waitFor(() => expect(titles()).toEqual(["Article 7"]));
    expect(api.urls).toEqual([`${BASE}1&pagination[pageSize]=2${SORT}&filters[category][slug][%24eq]=tips`]);
    expect(screen.getByRole("status").textContent).toBe("1 article found");
    expect(tips.getAttribute("aria-controls")).toBe(document.querySelector(".article-grid")?.id);
    // only one page in this category: no Load more
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("All fetches without a category filter", async () => {
    const api = fakeApi(() => ({ data: [article(1), article(2)], meta: { pagination: pageMeta(1) } }));
    renderBlock(<Blocks blocks={page([filterBar, list({ category: "news" })])} client={api.client} />);
    expect(screen.getByRole("button", { name: "News" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("6 articles found"));
    expect(api.urls).toEqual([`${BASE}1&pagination[pageSize]=2${SORT}`]);
  });

  test("Load more appends the next page, moves the focus to the first new article and announces it", async () => {
    // given
    const api = fakeApi(() => ({ data: [article(3), article(4)], meta: { pagination: pageMeta(2) } }));
    renderBlock(<Blocks blocks={page([list(), { type: "pagination", mode: "load-more" }])} client={api.client} />);
    // when
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    // then
    await waitFor(() => expect(titles()).toEqual(["Article 1", "Article 2", "Article 3", "Article 4"]));
    expect(api.urls).toEqual([`${BASE}2&pagination[pageSize]=2${SORT}`]);
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Article 3" }));
    expect(screen.getByRole("status").textContent).toBe("2 more articles loaded");
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
  });

  test("Load more keeps the chosen category and disappears after the last page", async () => {
    // given
    const api = fakeApi((url) =>
      url.includes("page]=1")
        ? { data: [article(11), article(12)], meta: { pagination: { page: 1, pageSize: 2, pageCount: 2, total: 3 } } }
        : { data: [article(13)], meta: { pagination: { page: 2, pageSize: 2, pageCount: 2, total: 3 } } },
    );
    renderBlock(<Blocks blocks={page([filterBar, list(), { type: "pagination" }])} client={api.client} />);
    fireEvent.click(screen.getByRole("button", { name: "News" }));
    await waitFor(() => expect(titles()).toEqual(["Article 11", "Article 12"]));
    // when
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    // then
    await waitFor(() => expect(titles()).toEqual(["Article 11", "Article 12", "Article 13"]));
    expect(api.urls[1]).toBe(`${BASE}2&pagination[pageSize]=2${SORT}&filters[category][slug][%24eq]=news`);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("1 more article loaded");
  });

  test("pages mode: Next and Previous replace the list, say which page it is and focus the list", async () => {
    // given
    const api = fakeApi((url) => {
      const current = Number(/pagination\[page\]=(\d+)/.exec(url)?.[1]);
      return { data: [article(current * 10), article(current * 10 + 1)], meta: { pagination: pageMeta(current) } };
    });
    renderBlock(<Blocks blocks={page([list(), { type: "pagination", mode: "pages" }])} client={api.client} />);
    const nav = screen.getByRole("navigation", { name: "Article pages" });
    expect(within(nav).getByText("Page 1 of 3")).toBeTruthy();
    expect((within(nav).getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    // when
    fireEvent.click(within(nav).getByRole("button", { name: "Next" }));
    // then
    await waitFor(() => expect(titles()).toEqual(["Article 20", "Article 21"]));
    expect(api.urls).toEqual([`${BASE}2&pagination[pageSize]=2${SORT}`]);
    expect(within(nav).getByText("Page 2 of 3")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Page 2 of 3");
    expect(document.activeElement).toBe(document.querySelector(".article-grid"));
    // when
    fireEvent.click(within(nav).getByRole("button", { name: "Previous" }));
    // then
    await waitFor(() => expect(titles()).toEqual(["Article 10", "Article 11"]));
    expect(api.urls[1]).toBe(`${BASE}1&pagination[pageSize]=2${SORT}`);
  });

  test("a failed request keeps the articles shown and says so", async () => {
    const api = fakeApi(() => ({ data: null, error: { status: 500, name: "InternalServerError", message: "boom", details: {} } }), 500);
    renderBlock(<Blocks blocks={page([list(), { type: "pagination" }])} client={api.client} />);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getByText("Sorry, something went wrong. Please try again in a moment.", { selector: "p:not([role])" })).toBeTruthy());
    expect(titles()).toEqual(["Article 1", "Article 2"]);
    expect(screen.getByRole("status").textContent).toBe("Sorry, something went wrong. Please try again in a moment.");
  });

  test("a failed category request keeps the shown category pressed", async () => {
    const api = fakeApi(() => ({ data: null, error: { status: 500, name: "InternalServerError", message: "boom", details: {} } }), 500);
    renderBlock(<Blocks blocks={page([filterBar, list()])} client={api.client} />);
    fireEvent.click(screen.getByRole("button", { name: "News" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Sorry, something went wrong. Please try again in a moment."));
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "News" }).getAttribute("aria-pressed")).toBe("false");
    expect(titles()).toEqual(["Article 1", "Article 2"]);
  });

  test("a later choice wins over an earlier answer that arrives late", async () => {
    // given
    const answers: Array<(value: Response) => void> = [];
    const urls: string[] = [];
    const { createApiClient } = await import("../../../lib/api");
    const client = createApiClient({
      baseURL: "",
      prefix: "/api",
      fetch: ((input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Promise<Response>((resolve) => answers.push(resolve));
      }) as typeof fetch,
    });
    renderBlock(<Blocks blocks={page([filterBar, list()])} client={client} />);
    const json = (cards: ArticleCard[]) =>
      new Response(JSON.stringify({ data: cards, meta: { pagination: pageMeta(1, 1, cards.length) } }), { status: 200 });
    // when
    fireEvent.click(screen.getByRole("button", { name: "Swimming tips" }));
    fireEvent.click(screen.getByRole("button", { name: "News" }));
    await act(async () => answers[1]?.(json([article(30, "news")])));
    await act(async () => answers[0]?.(json([article(20)])));
    // then
    expect(urls).toHaveLength(2);
    expect(titles()).toEqual(["Article 30"]);
    expect(screen.getByRole("button", { name: "News" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("an empty category says there are no articles yet", async () => {
    const api = fakeApi(() => ({ data: [], meta: { pagination: { page: 1, pageSize: 2, pageCount: 0, total: 0 } } }));
    renderBlock(<Blocks blocks={page([filterBar, list()])} client={api.client} />);
    fireEvent.click(screen.getByRole("button", { name: "News" }));
    expect(await screen.findByText("No articles here yet. Come back soon for new swimming tips!")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("0 articles found");
  });

  test("a list that came without its first page fetches it once mounted", async () => {
    const api = fakeApi(() => ({ data: [article(5)], meta: { pagination: { page: 1, pageSize: 6, pageCount: 1, total: 1 } } }));
    renderBlock(<Blocks blocks={page([{ type: "collection-list", collection: "article" }])} client={api.client} />);
    await waitFor(() => expect(titles()).toEqual(["Article 5"]));
    expect(api.urls).toEqual([`${BASE}1&pagination[pageSize]=6${SORT}`]);
  });

  test("without an article list on the page the filter bar and pagination render nothing", () => {
    const { container } = renderBlock(<Blocks blocks={page([filterBar, { type: "pagination" }])} />);
    expect(container.innerHTML).toBe("");
  });

  test("a product list shows the friendly placeholder until the shop opens", () => {
    renderBlock(<Blocks blocks={page([{ type: "collection-list", collection: "product", title: "Float suits" }])} />);
    expect(screen.getByRole("heading", { name: "Float suits" })).toBeTruthy();
    expect(screen.getByText(/This part of the shop opens soon/)).toBeTruthy();
  });
});

describe("findArticles", () => {
  test("asks for one page of articles in a locale, newest first, filtered by category", async () => {
    const api = fakeApi(() => ({ data: [article(1)], meta: { pagination: pageMeta(3) } }));
    const result = await findArticles({ locale: "nl", page: 3, pageSize: 6, category: "tips" }, api.client);
    expect(api.urls).toEqual(["/api/articles?locale=nl&pagination[page]=3&pagination[pageSize]=6&sort[0]=publishedAt%3Adesc&filters[category][slug][%24eq]=tips"]);
    expect(result.data.map((card) => card.id)).toEqual([1]);
    expect(result.meta.pagination.page).toBe(3);
  });

  test("without a category there is no filter", async () => {
    const api = fakeApi(() => ({ data: [], meta: { pagination: pageMeta(1) } }));
    await findArticles({ locale: "sv", page: 1, pageSize: 12, category: null }, api.client);
    expect(api.urls).toEqual(["/api/articles?locale=sv&pagination[page]=1&pagination[pageSize]=12&sort[0]=publishedAt%3Adesc"]);
  });
});
