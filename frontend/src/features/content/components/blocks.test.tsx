import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { BlockData, PageData, PlaceholderBlockData } from "../types";
import { BlockComponentsProvider } from "./block-components";
import { Blocks } from "./blocks";
import { ALL_BLOCKS, ALL_TYPES, EXAMPLES } from "../../../testing/block-examples";
import { ContentPage } from "./content-page";
import { clearConsentCookie, Providers, renderBlock } from "../../../testing/content";
import type { Locale } from "../../../lib/i18n";

afterEach(() => {
  clearConsentCookie();
  vi.restoreAllMocks();
});

describe("Blocks", () => {
  test("every block type has a case: a page with one block of each renders without an error", { timeout: 20_000 }, async () => {
    // given
    const errors = vi.spyOn(console, "error");
    // when
    const { container } = renderBlock(<Blocks blocks={ALL_BLOCKS} />);
    // then
    // (the lazy blocks: the first import of the form's chunk can take a moment in a cold test run)
    expect(await screen.findByRole("heading", { name: "Cookie settings" }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Contact us" }, { timeout: 10_000 })).toBeTruthy();
    expect(container.querySelectorAll("section, .block").length).toBeGreaterThan(20);
    expect(errors).not.toHaveBeenCalled();
  });

  /** The academy's cards have no content-side stand-in: the app supplies them (tested in features/academy). */
  const OWN_TYPES = ALL_TYPES.filter((type) => type !== "academy-item" && type !== "child-courses");

  test.each(OWN_TYPES)("a %s block renders something of its own", async (type) => {
    // filter bar and pagination work on the page's article list
    const needsList = type === "filter-bar" || type === "pagination";
    const blocks = needsList ? [EXAMPLES["collection-list"], EXAMPLES[type]] : [EXAMPLES[type]];
    const { container } = renderBlock(<Blocks blocks={blocks} />);
    await waitFor(() => expect(container.querySelector("[aria-busy='true']")).toBeNull());
    const own = needsList ? container.children[1] : container.firstElementChild;
    expect(own).toBeTruthy();
    expect(own?.textContent?.trim()).not.toBe("");
  });

  test("an unknown block type renders nothing", () => {
    const { container } = renderBlock(<Blocks blocks={[{ type: "hologram", title: "?" } as unknown as BlockData]} />);
    expect(container.innerHTML).toBe("");
  });

  test("the unknown block is skipped, the blocks around it still render", () => {
    renderBlock(<Blocks blocks={[EXAMPLES.text, { type: "hologram" } as unknown as BlockData, EXAMPLES.marquee]} />);
    expect(screen.getByRole("heading", { name: "About us" })).toBeTruthy();
    expect(screen.getAllByText("Free shipping").length).toBeGreaterThan(0);
  });

  const PLACEHOLDERS: [PlaceholderBlockData["type"], string][] = [
    ["cart", "Your cart"],
    ["checkout", "Checkout"],
    ["profile", "Your account"],
    ["order-item", "Your order"],
    ["product-intro", "Float suits"],
    ["product-item", "Float suit"],
  ];

  test.each(PLACEHOLDERS)("the %s placeholder is a friendly 'opening soon' card titled %s", (type, title) => {
    const { container } = renderBlock(<Blocks blocks={[EXAMPLES[type]]} />);
    expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByText("This part of the shop opens soon. We are busy making it extra splashy!")).toBeTruthy();
    expect(container.querySelector(".placeholder-card svg")?.getAttribute("aria-hidden")).toBe("true");
  });

  test("a block type the app supplies a component for renders that component instead of the placeholder", async () => {
    // given
    const Profile = ({ block }: { block: { type: "profile" } }) => <p>Supplied {block.type}</p>;
    // when
    render(
      <Providers>
        <BlockComponentsProvider components={{ profile: Profile }}>
          <Blocks blocks={[EXAMPLES.profile, EXAMPLES["order-item"]]} />
        </BlockComponentsProvider>
      </Providers>,
    );
    // then
    expect(await screen.findByText("Supplied profile")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Your account" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Your order" })).toBeTruthy(); // not supplied: still the placeholder
  });

  test("a product list is supplied as 'collection-list:product'; the article list stays content's own", async () => {
    // given
    const Products = ({ block }: { block: { collection: string; title?: string | null } }) => <p>Supplied {block.collection} list</p>;
    const products: BlockData = { type: "collection-list", collection: "product", title: "All float suits" };
    // when
    render(
      <Providers>
        <BlockComponentsProvider components={{ "collection-list:product": Products }}>
          <Blocks blocks={[products, EXAMPLES["collection-list"]]} />
        </BlockComponentsProvider>
      </Providers>,
    );
    // then
    expect(await screen.findByText("Supplied product list")).toBeTruthy();
    expect(screen.queryByText("Supplied article list")).toBeNull();
    expect(document.querySelector(".block-articles")).toBeTruthy();
    expect(document.querySelector(".block-placeholder")).toBeNull();
  });

  test("without a supplied component a product list is still the 'opening soon' card", () => {
    renderBlock(<Blocks blocks={[{ type: "collection-list", collection: "product", title: "All float suits" }]} />);
    expect(screen.getByRole("heading", { name: "All float suits" })).toBeTruthy();
    expect(document.querySelector(".block-placeholder--products")).toBeTruthy();
  });

  test("academy-intro is the page's h1 with its text, and the placeholder speaks the page's language", () => {
    renderBlock(<Blocks blocks={[EXAMPLES["academy-intro"], EXAMPLES.cart]} />, { locale: "nl" });
    expect(screen.getByRole("heading", { level: 1, name: "Splash Academy" })).toBeTruthy();
    expect(screen.getByText("Learn to swim at home.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Je winkelmand" })).toBeTruthy();
    expect(document.querySelector(".block-placeholder--academy")).toBeNull();
  });

  test("academy-intro shows the published courses' numbers in the page's language", () => {
    renderBlock(<Blocks blocks={[{ ...EXAMPLES["academy-intro"], stats: { lessons: 12, levels: 3, durationMs: 84_000 } }]} />, { locale: "de" });
    const stats = [...document.querySelectorAll(".block-academy-intro__stats .statistics__item")].map((item) => item.textContent);
    expect(stats).toEqual(["Videolektionen12", "Stufen3", "Video insgesamt1 Min. 24 Sek."]);
  });

  test("the academy's cards render nothing without the academy's components (the app supplies them)", () => {
    const { container } = renderBlock(<Blocks blocks={[{ type: "child-courses" }, EXAMPLES["academy-item"]]} />, { locale: "sv" });
    expect(container.innerHTML).toBe("");
  });

  test("placeholders without a title of their own get one for their kind", () => {
    renderBlock(<Blocks blocks={[{ type: "product-intro" }]} />, { locale: "sv" });
    expect(screen.getByRole("heading", { name: "Våra flytdräkter" })).toBeTruthy();
  });

  test("only the first intro is the page's h1; rich text and later intros use h2", () => {
    renderBlock(
      <Blocks
        blocks={[
          EXAMPLES.intro,
          { type: "rich-text", body: [{ type: "heading", level: 1, children: [{ type: "text", text: "Editor's h1" }] }] },
          { ...EXAMPLES.intro, title: "Second intro" },
        ]}
      />,
    );
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual(["Float suits for brave swimmers"]);
    expect(screen.getByRole("heading", { name: "Editor's h1" }).tagName).toBe("H2");
    expect(screen.getByRole("heading", { name: "Second intro" }).tagName).toBe("H2");
  });

  test("the intro's image has its size and, as the page's hero, loads eagerly", () => {
    renderBlock(<Blocks blocks={[EXAMPLES.intro, { ...EXAMPLES.intro, title: "Later" }]} />);
    const [hero, later] = screen.getAllByRole("img", { name: "Kids in the pool" });
    expect([hero?.getAttribute("width"), hero?.getAttribute("height"), hero?.getAttribute("loading")]).toEqual(["1200", "800", "eager"]);
    expect(later?.getAttribute("loading")).toBe("lazy");
  });

  test("consecutive items form one card grid", () => {
    const { container } = renderBlock(<Blocks blocks={[EXAMPLES.item, { ...EXAMPLES.item, title: "Float suit Shark" }, EXAMPLES.text, EXAMPLES.item]} />);
    const grids = container.querySelectorAll(".item-grid");
    expect([...grids].map((grid) => grid.querySelectorAll(".item-card").length)).toEqual([2, 1]);
  });

  test("a blog page without an intro: the blog intro carries the h1", () => {
    const page: PageData = {
      id: 3,
      slug: "blog",
      locale: "en",
      path: "/blog",
      title: "Blog",
      layout: "default",
      blocks: [EXAMPLES["blog-intro"], EXAMPLES["collection-list"]],
      seo: { title: "Blog", description: null, image: null },
      localizations: [],
    };
    renderBlock(<ContentPage page={page} />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual(["Swimming blog"]);
  });

  test("a page without an intro shows its title as the h1", () => {
    const page: PageData = {
      id: 4,
      slug: "cart",
      locale: "en",
      path: "/cart",
      title: "Cart",
      layout: "default",
      blocks: [EXAMPLES.cart],
      seo: { title: "Cart", description: null, image: null },
      localizations: [],
    };
    renderBlock(<ContentPage page={page} />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual(["Cart"]);
  });

  test("a page renders the same in every language", async () => {
    /** The tag of every element the blocks render in `locale` (a missing text throws). */
    const elements = async (locale: Locale) => {
      const { container, unmount } = render(
        <Providers locale={locale}>
          <Blocks blocks={ALL_BLOCKS} />
        </Providers>,
      );
      await screen.findByRole("heading", { name: "Cookie settings" });
      await screen.findByRole("heading", { name: "Contact us" });
      const tags = [...container.querySelectorAll("*")].map((element) => element.tagName);
      unmount();
      return tags;
    };
    // given
    const english = await elements("en");
    // when / then
    for (const locale of ["nl", "de", "es", "fr", "sv"] as const) expect(await elements(locale), locale).toEqual(english);
  });
});
