/**
 * The studio's shop screens (issue 27): an owner (backend/testkit/studio_shop_states.py) signs in
 * on the Dutch sign-in screen and works in English: the dashboard with its chart, a customer
 * found by e-mail address, a lesson given with a reason (in their lessons and in the activity
 * log), an erasure asked twice and refused for another address, a variant topped up with a
 * reason and counted out too far (the server's refusal at the field). axe checks the dashboard,
 * the customers and the stock.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectHeading, providerState, signInWithCode, studio } from "./studio-support";
import { resetRateLimits } from "./support";

const SHOP_STATE = "a studio owner and a customer anna@example.com with orders and lessons";
const CUSTOMER = "anna@example.com";
const LESSON = "level-2-lesson-2";
const REASON = "Missed a lesson when the pool was closed";
const SKU = "SPL-FS-BLUE-L";
const en = (key: string, values: Record<string, string> = {}) => studio("en", key, values);

test("an owner reads the dashboard, gives a customer a lesson and tops up a variant's stock", async ({ page, request }) => {
  await resetRateLimits(request);
  const owner = await providerState(request, SHOP_STATE);

  await signInWithCode(page, owner);

  // The dashboard is the first section; the owner reads the studio in English.
  await expect(page).toHaveURL(/\/studio\/dashboard$/);
  await expectHeading(page, en("dashboard.title"));
  const nav = page.getByRole("navigation", { name: en("nav.label") });
  await expect(nav.getByRole("link").first()).toHaveText(en("nav.dashboard"));
  const figures = page.getByRole("region", { name: en("dashboard.figures", { period: en("dashboard.periods.today") }) });
  await expect(figures.getByRole("link", { name: en("dashboard.lowStock") })).toHaveAttribute("href", "/studio/stock?low=true");
  await expect(figures.getByRole("link", { name: en("dashboard.toShip") })).toHaveAttribute("href", "/studio/orders?box=to_ship");
  await expect(figures.getByRole("definition")).toHaveCount(6);
  await expect(page.getByRole("img", { name: new RegExp(en("dashboard.chartTitle").replace(/[()]/g, "\\$&")) })).toBeVisible();
  await page.getByRole("link", { name: en("dashboard.periods.30d") }).click();
  await expect(page).toHaveURL(/\/studio\/dashboard\?period=30d$/);
  await expect(page.getByRole("region", { name: en("dashboard.figures", { period: en("dashboard.periods.30d") }) })).toBeVisible();
  const chart = page.getByRole("img", { name: /30 days/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect")).toHaveCount(30);
  await expect(page.getByRole("table", { name: en("dashboard.chartTable") }).getByRole("row")).toHaveCount(31);
  await expectNoSeriousA11yViolations(page, "studio dashboard");

  // Find the customer by part of their e-mail address: the search is in the address.
  await nav.getByRole("link", { name: en("nav.customers") }).click();
  await expectHeading(page, en("customers.title"));
  await page.getByLabel(en("customers.search")).fill("anna@");
  await page.getByRole("button", { name: en("customers.find") }).click();
  await expect(page).toHaveURL(/\/studio\/customers\?q=anna%40$/);
  await expect(page.getByRole("status").filter({ hasText: en("customers.count_one", { count: "1" }) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "studio customers");
  await page.getByRole("link", { name: CUSTOMER }).click();
  await expectHeading(page, en("customers.detailTitle", { email: CUSTOMER }));
  const orders = page.getByRole("table", { name: en("customers.ordersCaption_other", { count: "2" }) });
  await expect(orders.getByRole("link").first()).toHaveAttribute("href", /^\/studio\/orders\/\d+$/);
  // The e-mails sent to them, read after the page: the paid order's confirmation.
  const mails = page.getByRole("table", { name: en("customers.mailsTitle") });
  await expect(mails.getByRole("rowheader")).toHaveText([/^Bedankt voor je bestelling /]);

  // Give a lesson with a reason: it shows in their lessons, with who gave it and why.
  const lessons = page.getByRole("region", { name: en("customers.lessonsTitle") });
  const grant = lessons.getByRole("region", { name: en("customers.grantTitle") });
  await grant.getByLabel(en("customers.grantKind")).selectOption({ label: en("customers.kinds.lesson") });
  await grant.getByLabel(en("customers.grantKey")).fill("no-such-lesson");
  await grant.getByLabel(en("customers.reason")).fill(REASON);
  await grant.getByRole("button", { name: en("customers.grant") }).click();
  await expect(grant.getByText(en("customers.noSuchKey")).first()).toBeVisible(); // the server's 400, at the key
  await grant.getByLabel(en("customers.grantKey")).fill(LESSON);
  await grant.getByRole("button", { name: en("customers.grant") }).click();
  await expect(page.getByRole("status").filter({ hasText: en("customers.granted", { key: LESSON }) })).toBeVisible();
  const given = lessons.getByRole("row", { name: new RegExp(LESSON) });
  await expect(given).toContainText(en("customers.why.granted", { name: "Owner", reason: REASON }));
  await expectNoSeriousA11yViolations(page, "studio customer");

  // Erasing asks twice and says what the law keeps; another address typed is refused at the field.
  const privacy = page.getByRole("region", { name: en("customers.accountActions") });
  await privacy.getByRole("button", { name: en("customers.erase") }).click();
  const erase = privacy.getByRole("group", { name: en("customers.eraseTitle", { email: CUSTOMER }) });
  await expect(erase.getByRole("heading", { name: en("customers.eraseTitle", { email: CUSTOMER }) })).toBeFocused();
  await expect(erase.getByRole("listitem")).toHaveCount(5);
  await erase.getByLabel(en("customers.eraseConfirm")).fill("bram@example.com");
  await erase.getByRole("button", { name: en("customers.eraseYes") }).click();
  await expect(erase.getByLabel(en("customers.eraseConfirm"))).toHaveAttribute("aria-invalid", "true");
  await expect(erase.getByText(en("customers.eraseMismatch")).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "studio customer erasure");
  await erase.getByRole("button", { name: en("customers.eraseNo") }).click();
  await expect(privacy.getByRole("button", { name: en("customers.erase") })).toBeFocused();
  const kept = (await (await page.request.get(`/api/studio/customers/${owner.customerId}`)).json()) as { data: { customer: { email: string } } };
  expect(kept.data.customer.email).toBe(CUSTOMER); // not erased

  // The activity log has the grant with its reason.
  await nav.getByRole("link", { name: en("nav.activity") }).click();
  await expectHeading(page, en("activity.title"));
  const logged = page.getByRole("row").filter({ hasText: en("actions.customers.lessons_granted") });
  await expect(logged.first()).toContainText(REASON);

  // Top up a variant with a reason; counting out past what unpaid orders reserve is refused at the field.
  await nav.getByRole("link", { name: en("nav.stock") }).click();
  await expectHeading(page, en("stock.title"));
  const row = page.getByRole("row", { name: new RegExp(SKU) });
  const onHand = Number(await row.getByRole("cell").nth(1).textContent());
  await expectNoSeriousA11yViolations(page, "studio stock");
  await row.getByRole("button", { name: `${en("stock.change")} ${SKU}` }).click();
  const editor = page.getByRole("region", { name: new RegExp(SKU) });
  await expect(editor.getByRole("heading", { level: 2 })).toBeFocused();
  await editor.getByLabel(en("stock.changeBy")).fill("-100000");
  await editor.getByLabel(en("stock.reason")).fill("Counted the shelf");
  await editor.getByRole("button", { name: en("stock.adjust") }).click();
  await expect(editor.getByText(/\(2\)/).first()).toBeVisible(); // "…what unpaid orders reserve (2)…"
  await expect(editor.getByLabel(en("stock.changeBy"))).toHaveAttribute("aria-invalid", "true");
  await editor.getByLabel(en("stock.changeBy")).fill("+12");
  await editor.getByLabel(en("stock.reason")).fill("Delivery from the maker");
  await editor.getByRole("button", { name: en("stock.adjust") }).click();
  await expect(page.getByRole("status").filter({ hasText: `${onHand + 12} ` })).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText(String(onHand + 12));
  await expectNoSeriousA11yViolations(page, "studio stock editor");
});
