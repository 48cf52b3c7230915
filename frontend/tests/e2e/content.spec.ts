/**
 * Content pages and blog articles: every block type renders on the Dutch pages, a nested page,
 * a Swedish article, the language switcher on a content page, the served HTML without
 * JavaScript, client-side navigation through /_payload and the FAQ accordion by keyboard.
 */
import { expect, test, type Page } from "@playwright/test";
import { EXAMPLES } from "../../src/testing/block-examples";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  LOCALES,
  OG_LOCALES,
  article,
  blockTypes,
  contentPage,
  menus,
  message,
  origin,
  product,
  waitForHydrated,
  waitForHydration,
  type Locale,
} from "./support";

const ARTICLES = ["first-swimming-lesson", "water-safety-rules", "choosing-the-right-size"] as const;

/** Status 200, exactly one h1 (with the expected text). */
async function open(page: Page, url: string, h1: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("main h1")).toHaveText(h1);
}

type PageCheck = {
  /** The fixture file name under fixtures/nl/pages. */
  name: string;
  /** Run axe on this page (one page per page type). */
  axe?: string;
  check(page: Page): Promise<void>;
};

const PAGES: PageCheck[] = [
  {
    name: "shop",
    async check(page) {
      await expect(page.locator(".block-intro .block-intro__eyebrow")).toBeVisible();
      await expect(page.locator(".block-icon-points--selling-points-shipping .icon-points__item")).toHaveCount(3);
      await expect(page.locator(".block-icon-points--shop-conditions .icon-points__item")).toHaveCount(3);
      // collection-list (product), product-intro and product-item: the shop's blocks (two float suits).
      await expect(page.locator(".block-products .product-card")).toHaveCount(2);
      await expect(page.locator(".block-product-intro h2")).toHaveCount(1);
      await expect(page.locator(".block-product-item .product-card--featured")).toHaveCount(1);
      await expect(page.locator(".block-placeholder")).toHaveCount(0);
    },
  },
  {
    name: "academy",
    async check(page) {
      // academy-intro, child-courses and academy-item show the seeded course: 12 lessons in 3 levels.
      await expect(page.locator(".block-academy-intro h1")).toHaveText("Leren zwemmen begint met plezier");
      await expect(page.locator(".block-academy-intro .statistics__value")).toHaveText(["12", "3", "1 min 24 sec"]); // 12 videos of 7 s
      await expect(page.locator(".block-child-courses .level-card")).toHaveCount(3);
      await expect(page.locator(".block-academy-item .course-card a")).toHaveAttribute("href", "/academy/leren-zwemmen");
      await expect(page.locator(".block-placeholder")).toHaveCount(0);
      await expect(page.locator(".block-icon-points--selling-points-courses .icon-points__item")).toHaveCount(3);
      await expect(page.locator(".block-statistics .statistics__value")).toHaveText(["12", "3", "6"]);
      const cta = page.locator(".block-cta");
      await expect(cta.locator(".block-cta__title")).toHaveText("Nog geen drijfpak?");
      await expect(cta.getByRole("link", { name: "Bekijk de drijfpakken" })).toHaveAttribute("href", "/shop");
    },
  },
  {
    name: "academy-how-it-works",
    axe: "nested page",
    async check(page) {
      const media = page.locator(".block-text-media--image-left");
      await expect(media.locator("ol > li")).toHaveCount(3);
      await expect(media.locator("img")).toHaveAttribute("width", "1200");
      await expect(media.locator("img")).toHaveAttribute("height", "800");
      // The video loads only with consent: a placeholder with a poster and a button, no iframe.
      const embed = page.locator(".block-embed");
      await expect(embed.locator(".embed-frame__placeholder")).toBeVisible();
      await expect(embed.getByRole("button", { name: message("nl", "blocks.embed.loadVideo") })).toBeVisible();
      await expect(embed.locator("img.embed-frame__poster, .embed-frame__poster img")).toHaveCount(1);
      await expect(page.locator("iframe")).toHaveCount(0);
      await expect(page.locator(".block-buttons a")).toHaveText(["Bekijk de drijfpakken", "Veelgestelde vragen"]);
    },
  },
  {
    name: "reviews",
    async check(page) {
      const ratings = page.locator(".block-reviews .review-card").getByRole("img");
      await expect(ratings).toHaveCount(6);
      const label = (rating: number) => message("nl", "blocks.reviews.rating").replace("{{rating}}", String(rating)).replace("{{max}}", "5");
      await expect(ratings.first()).toHaveAccessibleName(label(5));
      await expect(ratings.nth(2)).toHaveAccessibleName(label(4));
      await expect(page.locator(".block-reviews .review-card__name")).toHaveText(["Sanne", "Mark", "Fatima", "Joris", "Lotte", "Eva"]);
      await expect(page.locator(".block-statistics .statistics__value")).toHaveText(["4,8/5", "1.200+", "97%"]);
      // The marquee: its messages once for screen readers, an aria-hidden copy, and a pause button.
      const marquee = page.locator(".block-marquee");
      await expect(marquee.locator(".marquee__group:not(.marquee__group--copy) .marquee__item")).toHaveCount(5);
      await expect(marquee.locator(".marquee__group--copy")).toHaveAttribute("aria-hidden", "true");
      await expect(marquee.getByRole("button", { name: message("nl", "blocks.marquee.pause") })).toHaveAttribute("aria-pressed", "false");
    },
  },
  {
    name: "faq",
    axe: "content page",
    async check(page) {
      const buttons = page.locator(".block-faq button.faq__button");
      expect(await buttons.count()).toBeGreaterThanOrEqual(5);
      await expect(buttons.first()).toHaveText("Welke maat moet ik kiezen?");
      for (const button of await buttons.all()) await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator(".block-faq .faq__answer").first()).toBeHidden();
      await expect(page.locator(".block-cta")).toHaveCount(1);
    },
  },
  {
    name: "shipping",
    async check(page) {
      const rich = page.locator(".block-rich-text");
      await expect(rich.locator("h2").first()).toHaveText("Verzending");
      await expect(rich.locator("ol")).toHaveCount(1);
      await expect(rich.locator("blockquote")).toHaveCount(1);
      await expect(rich.getByRole("link", { name: "winkelmand" })).toHaveAttribute("href", "/winkelmand");
      await expect(page.locator(".block-icon-points--shop-conditions")).toHaveCount(1);
      await expect(page.locator(".block-icon-points--icons")).toHaveCount(1);
    },
  },
  {
    name: "cookies",
    async check(page) {
      const form = page.locator(".block-consent-form form.consent-form");
      await expect(form.locator('input[type="checkbox"]')).toHaveCount(3);
      await expect(form.locator('button[type="submit"]')).toHaveCount(1);
      await expect(page.locator(".block-rich-text h3")).toHaveCount(4);
    },
  },
  {
    name: "about",
    async check(page) {
      await expect(page.locator(".block-intro--with-image img")).toHaveAttribute("width", "1600");
      await expect(page.locator(".block-text p")).toHaveCount(3);
      await expect(page.locator(".block-items .item-card")).toHaveCount(4);
      await expect(page.locator(".block-statistics .statistics__item")).toHaveCount(4);
    },
  },
  {
    name: "blog",
    axe: "blog index",
    async check(page) {
      const filters = page.locator(".block-filter-bar button.filter-bar__option");
      await expect(filters).toHaveText(["Alles", "Leren zwemmen", "Tips", "Veiligheid"]);
      await expect(filters.first()).toHaveAttribute("aria-pressed", "true");
      await expect(page.locator(".block-articles .article-card")).toHaveCount(3);
      const titles = ARTICLES.map((name) => article("nl", name).title).sort();
      expect((await page.locator(".article-card__title").allTextContents()).sort()).toEqual(titles);
    },
  },
  {
    name: "contact",
    async check(page) {
      const form = page.locator(".block-form form");
      await expect(form).toHaveCount(1);
      await expect(form.locator('button[type="submit"]')).toHaveCount(1);
    },
  },
  {
    name: "cart",
    axe: "cart page",
    async check(page) {
      // A new visitor: once the browser has restored the (empty) cart, the empty state.
      await expect(page.locator(".block-cart .cart-empty__text")).toHaveText(message("nl", "cart.empty"));
    },
  },
  {
    name: "checkout",
    axe: "checkout page (empty cart)",
    async check(page) {
      // A new visitor has nothing to check out: the cart's empty state, with the way to the shop.
      await expect(page.locator(".block-checkout .checkout-empty")).toContainText(message("nl", "cart.empty"));
    },
  },
  {
    name: "account",
    axe: "account page (signed out)",
    async check(page) {
      // Signed out, the profile block invites to log in or register; the orders appear once signed in.
      const card = page.locator(".block-profile .profile-card--signed-out");
      await expect(card.getByRole("heading", { name: message("nl", "profile.signedOut.title") })).toBeVisible();
      await expect(card.getByRole("link", { name: message("nl", "profile.signedOut.login") })).toBeVisible();
      await expect(page.locator(".block-orders")).toHaveCount(0);
    },
  },
];

test("the pages below hold every block type the content system knows", () => {
  const visited = new Set(PAGES.flatMap((entry) => blockTypes("nl", entry.name)));
  expect(Object.keys(EXAMPLES).filter((type) => !visited.has(type))).toEqual([]);
});

test.describe("every block type renders (nl)", () => {
  for (const entry of PAGES) {
    const fixture = contentPage("nl", entry.name);
    test(`${entry.name} (${fixture.path})`, async ({ page }) => {
      await open(page, `${origin("nl")}${fixture.path}`, fixture.h1);
      await entry.check(page);
      if (entry.axe) {
        await waitForHydration(page);
        await expectNoSeriousA11yViolations(page, entry.axe);
      }
    });
  }
});

test("the nested page /academy/zo-werkt-het renders with its h1", async ({ page }) => {
  const nested = contentPage("nl", "academy-how-it-works");
  expect(nested.path).toBe("/academy/zo-werkt-het");
  await open(page, `${origin("nl")}${nested.path}`, nested.h1);
  await expect(page).toHaveTitle(nested.seoTitle);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin("nl")}${nested.path}`);
});

/** The expected hreflang alternates of a page whose path per locale is `path(locale)`. */
function alternates(path: (locale: Locale) => string): string[][] {
  return [...LOCALES.map((code) => [code, `${origin(code)}${path(code)}`]), ["x-default", `${origin("nl")}${path("nl")}`]];
}

async function hreflangs(page: Page): Promise<(string | null)[][]> {
  return page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
}

test("a Swedish blog article renders with its cover and hreflang alternates", async ({ page }) => {
  const sv = article("sv", "first-swimming-lesson");
  expect(sv.path).toBe("/blogg/den-forsta-simlektionen");
  await open(page, `${origin("sv")}${sv.path}`, sv.title);
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  const cover = page.locator("img.article-page__cover");
  await expect(cover).toHaveAttribute("src", sv.cover.src);
  await expect(cover).toHaveAttribute("width", String(sv.cover.width));
  await expect(cover).toHaveAttribute("height", String(sv.cover.height));
  await expect(cover).toHaveAttribute("alt", /\S/);
  expect(await hreflangs(page)).toEqual(alternates((code) => article(code, "first-swimming-lesson").path));
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, "blog article (sv)");
});

test("switching language on a content page lands on its translation", async ({ page }) => {
  const nl = contentPage("nl", "faq");
  const de = contentPage("de", "faq");
  await open(page, `${origin("nl")}${nl.path}`, nl.h1);
  const german = page.locator('footer nav.language-switcher a[hreflang="de"]');
  await expect(german).toHaveAttribute("href", `${origin("de")}${de.path}?locale=de`);
  await german.click();
  // The server stores the choice and redirects to the clean path.
  await expect(page).toHaveURL(`${origin("de")}${de.path}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("main h1")).toHaveText(de.h1);
});

test.describe("served HTML without JavaScript", () => {
  type Case = {
    label: string;
    path: (locale: Locale) => string;
    seoTitle: string;
    seoDescription: string;
    h1: string;
    text: string;
    image?: string;
  };
  const faq = contentPage("nl", "faq");
  const nlArticle = article("nl", "first-swimming-lesson");
  const suit = product("nl", "splash-float-suit");
  const cases: Case[] = [
    {
      label: `product page (${suit.path})`,
      path: (code) => product(code, "splash-float-suit").path,
      seoTitle: suit.seoTitle,
      seoDescription: suit.seoDescription,
      h1: suit.title,
      // The pickers' prompt: the product form is in the served HTML, not only the text.
      text: message("nl", "shop.choose"),
      image: `${origin("nl")}/media/products/splash-float-suit-blue.webp`,
    },
    {
      label: `FAQ page (${faq.path})`,
      path: (code) => contentPage(code, "faq").path,
      seoTitle: faq.seoTitle,
      seoDescription: faq.seoDescription,
      h1: faq.h1,
      // An answer: closed (hidden) but in the HTML.
      text: "Je kiest de maat op basis van het gewicht van je kind, niet op leeftijd.",
    },
    {
      label: `blog article (${nlArticle.path})`,
      path: (code) => article(code, "first-swimming-lesson").path,
      seoTitle: nlArticle.seoTitle,
      seoDescription: nlArticle.seoDescription,
      h1: nlArticle.title,
      text: "Een eerste zwemles is spannend, voor je kind én voor jou.",
      image: `${origin("nl")}${nlArticle.cover.src}`,
    },
  ];

  for (const entry of cases) {
    test(entry.label, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ javaScriptEnabled: false, storageState: testInfo.project.use.storageState });
      try {
        const page = await context.newPage();
        const url = `${origin("nl")}${entry.path("nl")}`;
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        const head = page.locator("head");
        await expect(page).toHaveTitle(entry.seoTitle);
        await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", entry.seoDescription);
        await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
        expect(await hreflangs(page)).toEqual(alternates(entry.path));
        await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", OG_LOCALES.nl);
        await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", entry.seoTitle);
        await expect(head.locator('meta[property="og:description"]')).toHaveAttribute("content", entry.seoDescription);
        if (entry.image) await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", entry.image);
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.locator("main h1")).toHaveText(entry.h1);
        await expect(page.locator("main")).toContainText(entry.text);
      } finally {
        await context.close();
      }
    });
  }
});

test("client-side navigation fetches one payload per page", async ({ page }) => {
  const payloads: string[] = [];
  const documents: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/_payload/")) payloads.push(url.pathname);
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __splashMarker?: string }).__splashMarker = "same document";
  });
  const marker = () => page.evaluate(() => (window as unknown as { __splashMarker?: string }).__splashMarker);
  documents.length = 0;

  const blog = contentPage("nl", "blog");
  const item = menus("nl").primary.find((entry) => entry.path === blog.path);
  if (!item) throw new Error("No Blog item in the nl primary menu");
  await page.locator("header.site-header nav.nav-primary").getByRole("link", { name: item.title, exact: true }).click();
  await expect(page).toHaveURL(`${origin("nl")}${blog.path}`);
  await expect(page.locator("main h1")).toHaveText(blog.h1);
  await expect(page.locator(".article-card")).toHaveCount(3);
  expect(payloads.filter((path) => path === "/_payload/blog.json")).toHaveLength(1);
  expect(await marker()).toBe("same document");

  const card = page.locator(".article-card__link").first();
  const href = await card.getAttribute("href");
  const slug = href?.replace(/^\/blog\//, "");
  const target = ARTICLES.map((name) => article("nl", name)).find((entry) => entry.slug === slug);
  if (!target) throw new Error(`The first card links to ${href}, no nl article`);
  await card.click();
  await expect(page).toHaveURL(`${origin("nl")}${target.path}`);
  await expect(page.locator("main h1")).toHaveText(target.title);
  expect(payloads.filter((path) => path === `/_payload/blog/${target.slug}.json`)).toHaveLength(1);
  expect(await marker()).toBe("same document");
  expect(documents, "full page loads").toEqual([]);
});

test("the FAQ accordion works with the keyboard", async ({ page }) => {
  const faq = contentPage("nl", "faq");
  await open(page, `${origin("nl")}${faq.path}`, faq.h1);
  const first = page.locator(".block-faq button.faq__button").first();
  await waitForHydrated(page, ".block-faq button.faq__button");
  const panel = page.locator(`[id="${await first.getAttribute("aria-controls")}"]`);

  // Tab through the page until the first question has the focus.
  let reached = false;
  for (let step = 0; step < 80 && !reached; step++) {
    await page.keyboard.press("Tab");
    reached = await first.evaluate((button) => button === document.activeElement);
  }
  expect(reached, "Tab reaches the first FAQ question").toBe(true);

  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Je kiest de maat op basis van het gewicht van je kind");
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toBeHidden();
});
