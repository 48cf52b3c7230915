/**
 * Shared helpers for the end-to-end tests: expected texts read from the fixtures and locale files
 * (with a tiny line-based reader for the few simple YAML shapes used, so no YAML dependency), the
 * domain of each locale, and a wait for hydration.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

const HERE = dirname(fileURLToPath(import.meta.url));
const FRONTEND = resolve(HERE, "../..");
const FIXTURES = resolve(FRONTEND, "../fixtures");

/** The test server's port (SPLASH_E2E_PORT, 8123 by default; the Google stub and the second server use the next two). */
export const PORT = Number(process.env.SPLASH_E2E_PORT ?? 8123);
export const LOCALES = ["nl", "en", "de", "es", "fr", "sv"] as const;
export type Locale = (typeof LOCALES)[number];

/** The origin of a locale's domain: localhost is Dutch, the others are <code>.localhost. */
export function origin(locale: Locale): string {
  return locale === "nl" ? `http://localhost:${PORT}` : `http://${locale}.localhost:${PORT}`;
}

export const OG_LOCALES: Record<Locale, string> = {
  nl: "nl_NL", en: "en_GB", de: "de_DE", es: "es_ES", fr: "fr_FR", sv: "sv_SE",
};

/** The company in fixtures/settings.yaml: the footer and the invoice print it. */
export const COMPANY = {
  name: "Splash Swimwear B.V.",
  coc: "81234567",
  vat: "NL862345678B01",
  street: "Kanaalweg 21",
  city: "3526 KL Utrecht",
};

type Messages = { [key: string]: string | Messages };

/** A UI text from frontend/src/locales/<locale>.json by dotted key, e.g. "general.404.title". */
export function message(locale: Locale, key: string): string {
  const messages = JSON.parse(readFileSync(resolve(FRONTEND, `src/locales/${locale}.json`), "utf8")) as Messages;
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`No message ${key} in ${locale}.json`);
  return node;
}

function unquote(value: string): string {
  const text = value.trim();
  if (/^".*"$/.test(text)) return JSON.parse(text) as string;
  if (/^'.*'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

function fixture(relative: string): string {
  return readFileSync(resolve(FIXTURES, relative), "utf8");
}

export type MenuItem = { key: string; title: string; path: string };
export type Menus = Record<"primary" | "secondary" | "legal", MenuItem[]>;

/**
 * The top-level items of each menu in fixtures/<locale>/navigation.yaml. Items are either
 * `  - {key: …, title: …, path: …}` or a block `  - key: …` followed by `    title:`/`    path:`;
 * nested `items:` (deeper indentation) are skipped.
 */
export function menus(locale: Locale): Menus {
  const result: Menus = { primary: [], secondary: [], legal: [] };
  let current: MenuItem[] | null = null;
  let item: Partial<MenuItem> | null = null;
  const flush = () => {
    if (current && item) current.push({ key: item.key ?? "", title: item.title ?? "", path: item.path ?? "" });
    item = null;
  };
  for (const line of fixture(`${locale}/navigation.yaml`).split("\n")) {
    if (/^\s*(#|$)/.test(line)) continue;
    const section = /^(\w+):\s*$/.exec(line);
    if (section) {
      flush();
      current = section[1] === "primary" || section[1] === "secondary" || section[1] === "legal" ? result[section[1]] : null;
      continue;
    }
    const flow = /^ {2}- \{(.*)\}\s*$/.exec(line);
    if (flow?.[1] !== undefined) {
      flush();
      item = {};
      for (const pair of flow[1].split(/,\s*(?=\w+:)/)) {
        const [name, ...rest] = pair.split(":");
        (item as Record<string, string>)[(name ?? "").trim()] = unquote(rest.join(":"));
      }
      flush();
      continue;
    }
    const start = /^ {2}- (\w+):\s*(.*)$/.exec(line);
    if (start?.[1] !== undefined) {
      flush();
      item = { [start[1]]: unquote(start[2] ?? "") };
      continue;
    }
    const field = /^ {4}(key|title|path):\s*(.*)$/.exec(line);
    if (field?.[1] !== undefined && item) (item as Record<string, string>)[field[1]] = unquote(field[2] ?? "");
  }
  flush();
  for (const [name, items] of Object.entries(result)) {
    if (items.length === 0 || items.some((entry) => !entry.title || !entry.path)) {
      throw new Error(`Could not read the ${name} menu of fixtures/${locale}/navigation.yaml`);
    }
  }
  return result;
}

export type HomeFixture = { h1: string; seoTitle: string; seoDescription: string };

/** The intro title (the h1) and SEO title/description of fixtures/<locale>/pages/home.yaml. */
export function homePage(locale: Locale): HomeFixture {
  const text = fixture(`${locale}/pages/home.yaml`);
  const pick = (pattern: RegExp, what: string): string => {
    const found = pattern.exec(text)?.[1];
    if (found === undefined) throw new Error(`No ${what} in fixtures/${locale}/pages/home.yaml`);
    return unquote(found);
  };
  return {
    h1: pick(/^ {2}- type: intro\n(?: {4}.*\n)*? {4}title: (.+)$/m, "intro title"),
    seoTitle: pick(/^seo:\n(?: {2}.*\n)*? {2}title: (.+)$/m, "seo.title"),
    seoDescription: pick(/^seo:\n(?: {2}.*\n)*? {2}description: (.+)$/m, "seo.description"),
  };
}

/**
 * Resolves once React has hydrated the server-rendered header: React attaches its props to each
 * DOM node it claims (an own property named `__reactProps$…`), so the menu toggle (or, in the
 * login layout, the logo link) carrying one means the page's handlers are live.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // The header, and every control of the main content: hydration runs in slices (a transition),
  // so the header can answer while a form below it is still plain HTML, and what is typed into
  // a field before React takes it over is lost when React sets its value.
  await page.waitForFunction(() => {
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    const toggle = document.querySelector("header button.menu-toggle, header.login-header a");
    const controls = [...document.querySelectorAll("main input, main select, main textarea, main button")];
    return toggle !== null && hydrated(toggle) && controls.every(hydrated);
  });
}

/**
 * Resolves once React has hydrated the element matching `selector` (same `__reactProps$…` test
 * as waitForHydration). Needed for parts that hydrate later than the header, such as the form
 * block, which is code-split (lazy) and so stays inert until its chunk has loaded.
 */
export async function waitForHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  }, selector);
}

/** Collects console errors/warnings and uncaught page errors from now on. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") {
      problems.push(`console.${msg.type()}: ${msg.text()} (${msg.location().url})`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The header's mobile-menu toggle and the panel it controls. */
export async function mobileMenu(page: Page) {
  const toggle = page.locator("header button[aria-controls]");
  await expect(toggle).toHaveCount(1);
  const panelId = await toggle.getAttribute("aria-controls");
  if (!panelId) throw new Error("The menu toggle controls no element");
  const panel = page.locator(`[id="${panelId}"]`);
  return { toggle, panel };
}

type RouteTable = { routes: { name: string; paths: Record<Locale, string> }[] };

/** A route's path in a locale, from contracts/routes.json (routes without parameters). */
export function routePath(name: string, locale: Locale): string {
  const table = JSON.parse(readFileSync(resolve(FRONTEND, "../contracts/routes.json"), "utf8")) as RouteTable;
  const path = table.routes.find((route) => route.name === name)?.paths[locale];
  if (!path) throw new Error(`No route ${name} in contracts/routes.json`);
  return path;
}

/** A UI text with its {{placeholders}} filled in, e.g. formText("nl", "forms.rules.required", { field: "Naam" }). */
export function formText(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return message(locale, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${key} in ${locale}.json needs {{${name}}}`);
    return String(value);
  });
}

export type ContactFixture = { path: string; formTitle: string; successMessage: string };

/**
 * The contact page of fixtures/<locale>/pages/contact.yaml: its path (`/` + slug) and the form
 * block's title and successMessage (single-line values).
 */
export function contactPage(locale: Locale): ContactFixture {
  const text = fixture(`${locale}/pages/contact.yaml`);
  const pick = (pattern: RegExp, what: string): string => {
    const found = pattern.exec(text)?.[1];
    if (found === undefined) throw new Error(`No ${what} in fixtures/${locale}/pages/contact.yaml`);
    return unquote(found);
  };
  const formBlock = /^ {2}- type: form\n(?: {4}.*\n?)*/m.exec(text)?.[0];
  if (formBlock === undefined) throw new Error(`No form block in fixtures/${locale}/pages/contact.yaml`);
  const pickInForm = (field: string): string => {
    const found = new RegExp(`^ {4}${field}: (.+)$`, "m").exec(formBlock)?.[1];
    if (found === undefined) throw new Error(`No form ${field} in fixtures/${locale}/pages/contact.yaml`);
    return unquote(found);
  };
  return {
    path: `/${pick(/^slug: (.+)$/m, "slug")}`,
    formTitle: pickInForm("title"),
    successMessage: pickInForm("successMessage"),
  };
}

/**
 * Clears every rate-limit count of the test server (POST /_test/rate-limits/reset). Counts are
 * per client address and path, not per domain, so this goes to localhost: Node, unlike Chromium,
 * does not resolve <code>.localhost names.
 */
export async function resetRateLimits(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${origin("nl")}/_test/rate-limits/reset`);
  expect(response.status(), "POST /_test/rate-limits/reset").toBe(200);
}

export type OutboxMessage = { to: string; from: string; subject: string; replyTo: string | null; text: string | null };

/** The mails the test server's outbox mailer wrote, oldest first (GET /_test/outbox). */
export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get(`${origin("nl")}/_test/outbox`);
  expect(response.status(), "GET /_test/outbox").toBe(200);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * The first mail the outbox worker has sent that `matches`, waiting for it: mails leave through
 * the transactional outbox, after the request that queued them has answered.
 */
export async function mailMatching(
  request: APIRequestContext,
  description: string,
  matches: (mail: OutboxMessage) => boolean,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request)).find(matches);
      return found !== undefined;
    }, description)
    .toBe(true);
  return found as OutboxMessage;
}

/** The first link starting with `prefix` in a mail to `to` (waiting for the mail). */
export async function mailedLink(request: APIRequestContext, to: string, prefix: string): Promise<string> {
  const pattern = new RegExp(`${prefix.replace(/[.?]/g, "\\$&")}\\S+`);
  const mail = await mailMatching(request, `a mail to ${to} with a link starting ${prefix}`, (sent) => sent.to === to && pattern.test(sent.text ?? ""));
  return (mail.text ?? "").match(pattern)?.[0] as string;
}

export type PageFixture = { path: string; title: string; h1: string; seoTitle: string; seoDescription: string };

/**
 * A content page of fixtures/<locale>/pages/<name>.yaml: its path (`/` + slug, under its parent's
 * slug when it has a `parent:`), title, SEO title/description, and the title of its first block
 * (the page's h1 when that block is an intro), falling back to the page title.
 */
export function contentPage(locale: Locale, name: string): PageFixture {
  const file = `${locale}/pages/${name}.yaml`;
  const text = fixture(file);
  const pick = (pattern: RegExp, what: string): string => {
    const found = pattern.exec(text)?.[1];
    if (found === undefined) throw new Error(`No ${what} in fixtures/${file}`);
    return unquote(found);
  };
  const parent = /^parent: (.+)$/m.exec(text)?.[1];
  const slug = pick(/^slug: (.+)$/m, "slug");
  const title = pick(/^title: (.+)$/m, "title");
  const first = /^blocks:\n {2}- (?:type: [\w-]+\n(?: {4}(?!title:).*\n)*? {4}title: (.+)$|\{type: [\w-]+, title: ('(?:[^']|'')*'|[^,}]+))/m.exec(text);
  const h1 = first?.[1] ?? first?.[2];
  return {
    path: parent ? `${contentPage(locale, unquote(parent)).path}/${slug}` : `/${slug}`,
    title,
    h1: h1 === undefined ? title : unquote(h1),
    seoTitle: pick(/^seo:\n(?: {2}.*\n)*? {2}title: (.+)$/m, "seo.title"),
    seoDescription: pick(/^seo:\n(?: {2}.*\n)*? {2}description: (.+)$/m, "seo.description"),
  };
}

/** The types of a content page's blocks, in order (top-level blocks only, not rich-text nodes). */
export function blockTypes(locale: Locale, name: string): string[] {
  const text = fixture(`${locale}/pages/${name}.yaml`);
  return [...text.matchAll(/^ {2}- \{?type: ([\w-]+)/gm)].map((match) => match[1] as string);
}

export type ArticleFixture = {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  cover: { src: string; width: number; height: number };
};

/**
 * A blog article of fixtures/<locale>/articles/<name>.yaml (single-line fields; `seo` and `cover`
 * as flow maps); its path is the locale's blog page path + `/` + slug.
 */
export function article(locale: Locale, name: string): ArticleFixture {
  const file = `${locale}/articles/${name}.yaml`;
  const text = fixture(file);
  const pick = (pattern: RegExp, what: string): string => {
    const found = pattern.exec(text)?.[1];
    if (found === undefined) throw new Error(`No ${what} in fixtures/${file}`);
    return unquote(found);
  };
  const value = `('(?:[^']|'')*'|"(?:[^"\\\\]|\\\\.)*"|[^,}]+)`;
  const seo = pick(/^seo: \{(.*)\}\s*$/m, "seo");
  const cover = pick(/^cover: \{(.*)\}\s*$/m, "cover");
  const inMap = (map: string, field: string): string => {
    const found = new RegExp(`(?:^|, )${field}: ${value}`).exec(map)?.[1];
    if (found === undefined) throw new Error(`No ${field} in fixtures/${file}`);
    return unquote(found);
  };
  const slug = pick(/^slug: (.+)$/m, "slug");
  return {
    slug,
    path: `${contentPage(locale, "blog").path}/${slug}`,
    title: pick(/^title: (.+)$/m, "title"),
    excerpt: pick(/^excerpt: (.+)$/m, "excerpt"),
    seoTitle: inMap(seo, "title"),
    seoDescription: inMap(seo, "description"),
    cover: { src: inMap(cover, "src"), width: Number(inMap(cover, "width")), height: Number(inMap(cover, "height")) },
  };
}

export type ProductFixture = { slug: string; title: string; path: string; seoTitle: string; seoDescription: string };

/** A product's slug, title and page path in a locale (fixtures/<locale>/catalog.yaml). */
export function product(locale: Locale, key: string): ProductFixture {
  const block = fixture(`${locale}/catalog.yaml`)
    .split(/^ {2}- key: /m)
    .find((part) => part.startsWith(`${key}\n`));
  const slug = block?.match(/^ {4}slug: (.+)$/m)?.[1];
  const title = block?.match(/^ {4}title: (.+)$/m)?.[1];
  const seoTitle = block?.match(/^ {4}seo:\n {6}title: (.+)$/m)?.[1];
  const seoDescription = block?.match(/^ {4}seo:\n(?: {6}.*\n)*? {6}description: (.+)$/m)?.[1];
  if (!slug || !title || !seoTitle || !seoDescription) throw new Error(`No ${key} in fixtures/${locale}/catalog.yaml`);
  return {
    slug,
    title: unquote(title),
    path: routePath("product", locale).replace(":slug", slug),
    seoTitle: unquote(seoTitle),
    seoDescription: unquote(seoDescription),
  };
}

/** Every visible button and field of the page is in the site's font, not the browser's own. */
export async function expectSiteFont(page: Page, what: string): Promise<void> {
  const others = await page.evaluate(() => {
    const site = getComputedStyle(document.body).fontFamily;
    return [...document.querySelectorAll<HTMLElement>("button, input, select, textarea")]
      .filter((control) => control.offsetParent !== null && getComputedStyle(control).fontFamily !== site)
      .map((control) => control.outerHTML.slice(0, 100));
  });
  expect(others, `controls in another font on ${what}`).toEqual([]);
}

/** A read-only field looks unlike one that can be typed in (its background). */
export async function expectLooksReadOnly(page: Page, readOnlyLabel: string, editableLabel: string): Promise<void> {
  const background = (label: string) =>
    page.getByLabel(label, { exact: true }).first().evaluate((field) => getComputedStyle(field).backgroundColor);
  expect(await page.getByLabel(readOnlyLabel, { exact: true }).first().getAttribute("readonly")).not.toBeNull();
  expect(await background(readOnlyLabel)).not.toBe(await background(editableLabel));
}

/**
 * The page scrolls no sideways: document.scrollingElement's scrollWidth <= clientWidth. A failure
 * lists the outermost elements that stick out on the right (one clipped by an ancestor that fits
 * is not listed). Soft: a page that fails does not stop the next check.
 */
export async function expectNoHorizontalOverflow(page: Page, context: string): Promise<void> {
  const measured = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const clientWidth = root.clientWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > clientWidth + 0.5;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return !sticksOut(parent);
      }
      return false;
    };
    const wide: string[] = [];
    const listed: Element[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (element.getBoundingClientRect().width === 0 || !sticksOut(element) || clipped(element)) continue;
      if (listed.some((parent) => parent.contains(element))) continue;
      listed.push(element);
      const classes =
        typeof element.className === "string" && element.className.trim() ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
      const right = Math.round(element.getBoundingClientRect().right);
      wide.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${classes} (right edge ${right}px)`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth, wide };
  });
  expect
    .soft(measured.scrollWidth, `${context} is ${measured.scrollWidth}px wide (viewport ${measured.clientWidth}px); sticking out:\n${measured.wide.join("\n")}`)
    .toBeLessThanOrEqual(measured.clientWidth);
}

/**
 * Every element of `locator` is whole on the screen's width: its box between the viewport's left
 * and right edges, and its content not wider than its box (nothing cut off). Soft, like the above.
 */
export async function expectWithinViewportWidth(locator: Locator, context: string): Promise<void> {
  const boxes = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        html: element.outerHTML.slice(0, 80),
        left: box.left,
        right: box.right,
        overflow: element.scrollWidth - element.clientWidth,
        viewport: (document.scrollingElement ?? document.documentElement).clientWidth,
      };
    }),
  );
  expect.soft(boxes.length, `${context}: no element to measure`).toBeGreaterThan(0);
  for (const box of boxes) {
    const whole = box.left >= -0.5 && box.right <= box.viewport + 0.5 && box.overflow <= 0;
    expect.soft(whole, `${context}: ${box.html} spans ${Math.round(box.left)}–${Math.round(box.right)}px of ${box.viewport}px, content ${box.overflow}px wider than its box`).toBe(true);
  }
}

const addressLabel = (locale: Locale, key: string) => message(locale, `forms.labels.${key}`);

/** Adds `quantity` blue suits of `size` on the product page (the size decides whose stock is used). */
export async function addSuits(page: Page, locale: Locale, size: string, quantity: number): Promise<void> {
  const suit = product(locale, "splash-float-suit");
  await page.goto(`${origin(locale)}${suit.path}`);
  // The product page is a chunk of its own: its pickers hydrate after the header.
  await waitForHydrated(page, ".product-page input.picker__input");
  await page.getByRole("group", { name: message(locale, "shop.colour") }).getByRole("radio", { name: message(locale, "shop.colours.blue") }).check();
  await page.getByRole("group", { name: message(locale, "shop.size") }).getByRole("radio", { name: size, exact: true }).check();
  const add = page.getByRole("button", { name: message(locale, "shop.addToCart") });
  for (let count = 0; count < quantity; count++) await add.click();
  await expect(page.getByTestId("cart-count")).toHaveText(String(quantity));
}

export type AddressValues = { street: string; housenumber: string; postalCode: string; city: string; country: string };
export type CheckoutStep = "personal" | "shipping" | "billing" | "summary";
type Customer = { firstname: string; lastname: string; email: string };

const AMSTERDAM: AddressValues = { street: "Keizersgracht", housenumber: "12", postalCode: "1015 CS", city: "Amsterdam", country: "nl" };

async function fillAddress(page: Page, locale: Locale, address: AddressValues): Promise<void> {
  await page.getByLabel(addressLabel(locale, "street"), { exact: true }).fill(address.street);
  await page.getByLabel(addressLabel(locale, "housenumber"), { exact: true }).fill(address.housenumber);
  await page.getByLabel(addressLabel(locale, "postalCode"), { exact: true }).fill(address.postalCode);
  await page.getByLabel(addressLabel(locale, "city"), { exact: true }).fill(address.city);
  await page.getByLabel(addressLabel(locale, "country"), { exact: true }).selectOption(address.country);
}

/**
 * From the cart page through the checkout's steps to its summary, as a guest named Eva de Vries
 * (or `customer`), shipping to `address` and billing to `billing` (a step of its own) when given.
 * `atStep` runs on each step once it is filled in (axe, layout checks).
 */
export async function checkOut(
  page: Page,
  locale: Locale,
  email: string,
  { customer = { firstname: "Eva", lastname: "de Vries", email }, address = AMSTERDAM, billing, atStep }: {
    customer?: Customer;
    address?: AddressValues;
    billing?: AddressValues;
    atStep?: (step: CheckoutStep) => Promise<void>;
  } = {},
): Promise<void> {
  const site = origin(locale);
  await page.goto(`${site}${contentPage(locale, "cart").path}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: message(locale, "cart.checkout") }).click();
  await expect(page).toHaveURL(`${site}${contentPage(locale, "checkout").path}#personal`); // each step is a history entry
  await waitForHydrated(page, ".block-checkout form");
  const next = page.getByRole("button", { name: message(locale, "forms.next") });

  await expect(page.getByRole("heading", { level: 2, name: message(locale, "checkout.steps.personal") })).toBeVisible();
  await next.click();
  await expect(page.getByText(formText(locale, "forms.rules.required", { field: addressLabel(locale, "firstname") }))).toBeVisible();
  await page.getByLabel(addressLabel(locale, "firstname"), { exact: true }).fill(customer.firstname);
  await page.getByLabel(addressLabel(locale, "lastname"), { exact: true }).fill(customer.lastname);
  await page.getByLabel(addressLabel(locale, "email"), { exact: true }).fill(customer.email);
  await atStep?.("personal");
  await next.click();

  await expect(page.getByRole("heading", { level: 2, name: message(locale, "checkout.steps.shipping") })).toBeFocused();
  const country = page.getByLabel(addressLabel(locale, "country"), { exact: true });
  // The country's shipping cost shows with its name.
  await expect(country.locator("option[value=nl]")).toContainText(message(locale, "forms.countries.nl"));
  await expect(country.locator("option[value=nl]")).toContainText(locale === "en" ? "3.95" : "3,95");
  await fillAddress(page, locale, address);
  if (billing) await page.getByLabel(message(locale, "checkout.shipping.separateBilling"), { exact: true }).check();
  await atStep?.("shipping");
  await next.click();

  if (billing) {
    await expect(page.getByRole("heading", { level: 2, name: message(locale, "checkout.steps.billing") })).toBeFocused();
    await fillAddress(page, locale, billing);
    await atStep?.("billing");
    await next.click();
  }

  await expect(page.getByRole("heading", { level: 2, name: message(locale, "checkout.steps.summary") })).toBeFocused();
  await expect(page.getByTestId("checkout-total")).not.toHaveText("…");
  await expect(page.getByRole("link", { name: message(locale, "checkout.errors.toCart") })).toHaveCount(0);
  await atStep?.("summary");
}

/** 'Proceed to payment': off to the hosted test page. */
export async function proceedToPayment(page: Page, locale: Locale): Promise<void> {
  await page.getByRole("button", { name: message(locale, "checkout.summary.pay") }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test\/[^/]+$/);
}

/** On the test provider's page: end the payment as `status`, and come back to the shop; gives the order's slug. */
export async function endPayment(page: Page, locale: Locale, status: "paid" | "open" | "failed" | "banktransfer"): Promise<string> {
  await page.locator(`button[name="status"][value="${status}"]`).click();
  await expect(page).toHaveURL(new RegExp(`^${origin(locale)}${routePath("order-payment", locale)}\\?order=[A-Za-z0-9_-]+$`));
  await waitForHydration(page);
  return new URL(page.url()).searchParams.get("order") as string;
}
