/**
 * Accounts end to end, in two languages: register, confirm through the e-mailed link, log out,
 * reset the password through the e-mailed link, log in, edit personal details and an address,
 * log out; change the e-mail address through the link mailed to the new one; and sign in with
 * Google against the stub OAuth server (testkit.google_stub).
 * Mails are read back from the test server's outbox; axe checks every account screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  contentPage,
  expectLooksReadOnly,
  expectSiteFont,
  mailedLink,
  mailMatching,
  message,
  origin,
  resetRateLimits,
  routePath,
  waitForHydration,
  type Locale,
} from "./support";

const PASSWORD = "Zwemmen-2026";
const NEW_PASSWORD = "Drijfpak-Blauw-3XL";

test.beforeEach(async ({ request }) => {
  await resetRateLimits(request);
});

/** A fresh address per run: the test server keeps its database between tests. */
function freshEmail(locale: Locale): string {
  return `ouder-${locale}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function accountPath(locale: Locale): string {
  return contentPage(locale, "account").path;
}

async function logOut(page: Page, locale: Locale): Promise<void> {
  await page.goto(`${origin(locale)}${accountPath(locale)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: message(locale, "profile.logout"), exact: true }).click();
  // Signed out: the header offers the login again.
  await expect(page.locator("header.site-header").getByRole("link", { name: message(locale, "header.login") })).toBeVisible();
}

async function fillPasswords(page: Page, locale: Locale, password: string): Promise<void> {
  await page.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(password);
  await page.getByLabel(message(locale, "forms.labels.passwordConfirmation"), { exact: true }).fill(password);
}

for (const locale of ["nl", "en"] as const) {
  test(`a parent's whole account life cycle (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const email = freshEmail(locale);
    const site = origin(locale);

    // Register.
    await page.goto(`${site}${routePath("register", locale)}`);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, `register (${locale})`);
    await page.getByLabel(message(locale, "forms.labels.email"), { exact: true }).fill(email);
    await fillPasswords(page, locale, PASSWORD);
    await page.getByRole("button", { name: message(locale, "auth.register.submit") }).click();
    await expect(page.getByText(message(locale, "auth.register.checkEmail").replace("{{email}}", email))).toBeVisible();

    // Follow the confirmation link from the delivered e-mail.
    const confirm = await mailedLink(page.request, email, `${site}/api/auth/email-confirmation`);
    await page.goto(confirm);
    await expect(page).toHaveURL(`${site}${routePath("email-confirmed", locale)}`);
    await expect(page.getByText(message(locale, "auth.confirmation.confirmedText"))).toBeVisible();
    await expectNoSeriousA11yViolations(page, `e-mail confirmed (${locale})`);

    await logOut(page, locale);

    // Request a reset from the login screen's link, follow the e-mailed link, choose a password.
    await page.goto(`${site}${routePath("login", locale)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: message(locale, "auth.login.forgot") }).click();
    await expect(page).toHaveURL(`${site}${routePath("forgot-password", locale)}`);
    await page.getByLabel(message(locale, "forms.labels.email"), { exact: true }).fill(email);
    await page.getByRole("button", { name: message(locale, "auth.forgot.submit") }).click();
    await expect(page.getByText(message(locale, "auth.forgot.sent").replace("{{email}}", email))).toBeVisible();
    const reset = await mailedLink(page.request, email, `${site}/reset?code=`);
    await page.goto(reset);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, `reset (${locale})`);
    await fillPasswords(page, locale, NEW_PASSWORD);
    await page.getByRole("button", { name: message(locale, "auth.reset.submit") }).click();
    await expect(page).toHaveURL(`${site}${accountPath(locale)}`);
    await logOut(page, locale);

    // The header's login button remembers the account page and returns there after login.
    await page.locator("header.site-header").getByRole("link", { name: message(locale, "header.login") }).click();
    await expect(page).toHaveURL(`${site}${routePath("login", locale)}`);
    await expectNoSeriousA11yViolations(page, `login (${locale})`);
    await expectSiteFont(page, `the login page (${locale})`);
    await page.getByLabel(message(locale, "forms.labels.email"), { exact: true }).fill(email);
    await page.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: message(locale, "auth.login.submit") }).click();
    await expect(page.getByRole("alert")).toContainText(message(locale, "auth.errors.invalidCredentials"));
    await page.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: message(locale, "auth.login.submit") }).click();
    await expect(page).toHaveURL(`${site}${accountPath(locale)}`);

    // Edit personal details.
    const details = page.locator("form", { has: page.getByRole("button", { name: message(locale, "profile.details.save") }) });
    await details.getByLabel(message(locale, "forms.labels.firstname")).fill("Sanne");
    await details.getByLabel(message(locale, "forms.labels.lastname")).fill("de Vries");
    await details.getByRole("button", { name: message(locale, "profile.details.save") }).click();
    await expect(page.getByText(message(locale, "profile.details.saved"))).toBeVisible();
    await expect(page.getByRole("heading", { name: message(locale, "profile.greeting").replace("{{name}}", "Sanne") })).toBeVisible();

    // Add an address, then edit it.
    await page.getByRole("button", { name: message(locale, "profile.addresses.add") }).click();
    const address = page.locator("form", { has: page.getByRole("button", { name: message(locale, "profile.addresses.save") }) });
    await address.getByLabel(message(locale, "forms.labels.street")).fill("Kerkstraat");
    await address.getByLabel(message(locale, "forms.labels.housenumber")).fill("12");
    await address.getByLabel(message(locale, "forms.labels.postalCode")).fill("1017 GC");
    await address.getByLabel(message(locale, "forms.labels.city")).fill("Amsterdam");
    await address.getByLabel(message(locale, "forms.labels.country")).selectOption("nl");
    await address.getByRole("button", { name: message(locale, "profile.addresses.save") }).click();
    await expect(page.getByText(message(locale, "profile.addresses.saved"))).toBeVisible();
    await expect(page.getByText(/Kerkstraat 12/)).toBeVisible();
    await page.getByRole("button", { name: message(locale, "profile.addresses.edit"), exact: false }).first().click();
    await address.getByLabel(message(locale, "forms.labels.street")).fill("Dorpsstraat");
    await address.getByRole("button", { name: message(locale, "profile.addresses.save") }).click();
    await expect(page.getByText(/Dorpsstraat 12/)).toBeVisible();

    // The changes are stored: a reload shows them.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText(/Dorpsstraat 12/)).toBeVisible();
    await expect(page.getByText(message(locale, "orders.list.empty"))).toBeVisible();
    await expectNoSeriousA11yViolations(page, `profile (${locale})`);

    await logOut(page, locale);
  });
}

test("a new e-mail address changes once the link mailed to it is opened (en)", async ({ page }) => {
  test.setTimeout(60_000);
  const locale = "en";
  const site = origin(locale);
  const email = freshEmail(locale);
  const newEmail = freshEmail(locale).replace("ouder-", "nieuw-");

  await page.goto(`${site}${routePath("register", locale)}`);
  await waitForHydration(page);
  await page.getByLabel(message(locale, "forms.labels.email"), { exact: true }).fill(email);
  await fillPasswords(page, locale, PASSWORD);
  await page.getByRole("button", { name: message(locale, "auth.register.submit") }).click();
  await expect(page.getByText(message(locale, "auth.register.checkEmail").replace("{{email}}", email))).toBeVisible();

  // Ask for the new address on the account page, with the current password.
  await page.goto(`${site}${accountPath(locale)}`);
  await waitForHydration(page);
  // The details' e-mail address is changed below, not typed over: it looks read-only.
  await expectLooksReadOnly(page, message(locale, "forms.labels.email"), message(locale, "forms.labels.firstname"));
  const form = page.locator("form", { has: page.getByRole("button", { name: message(locale, "profile.email.submit") }) });
  await form.getByLabel(message(locale, "profile.email.new")).fill(newEmail);
  await form.getByLabel(message(locale, "profile.password.current")).fill(PASSWORD);
  await form.getByRole("button", { name: message(locale, "profile.email.submit") }).click();
  await expect(page.getByText(message(locale, "profile.email.sent").replace("{{email}}", newEmail))).toBeVisible();
  await expectNoSeriousA11yViolations(page, "profile with the e-mail change sent");

  // Follow the link delivered to the new address; the old address is told.
  const link = await mailedLink(page.request, newEmail, `${site}/api/auth/email-change`);
  await page.goto(link);
  await expect(page).toHaveURL(`${site}${routePath("email-confirmed", locale)}?status=changed`);
  await expect(page.getByText(message(locale, "auth.emailChange.changedText"))).toBeVisible();
  await expectNoSeriousA11yViolations(page, "e-mail changed");
  await mailMatching(page.request, `the old address ${email} told of the change`, (mail) => mail.to === email && (mail.text ?? "").includes(newEmail));

  // Every session ended: log in again, with the new address.
  await page.goto(`${site}${routePath("login", locale)}`);
  await waitForHydration(page);
  await page.getByLabel(message(locale, "forms.labels.email"), { exact: true }).fill(newEmail);
  await page.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: message(locale, "auth.login.submit") }).click();
  await expect(page.getByText(message(locale, "profile.signedInAs").replace("{{email}}", newEmail))).toBeVisible();
});

test("signing in with Google (against the stub) lands on the account page", async ({ page }) => {
  const locale = "en";
  const site = origin(locale);
  const email = freshEmail(locale);
  await page.goto(`${site}${routePath("login", locale)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: message(locale, "auth.google.continue") }).click();

  // Google's consent screen (the stub's): choose the account.
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("First name").fill("Lotte");
  await page.getByLabel("Last name").fill("Jansen");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(`${site}${accountPath(locale)}`);
  await expect(page.getByRole("heading", { name: message(locale, "profile.greeting").replace("{{name}}", "Lotte") })).toBeVisible();
  await expect(page.getByText(message(locale, "profile.signedInAs").replace("{{email}}", email))).toBeVisible();
  // A Google account's address comes from Google: no form to change it here.
  await expect(page.getByText(message(locale, "profile.email.google"))).toBeVisible();
});

test("cancelling at Google shows a friendly message with a way back to the login", async ({ page }) => {
  const locale = "nl";
  const site = origin(locale);
  await page.goto(`${site}${routePath("login", locale)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: message(locale, "auth.google.continue") }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`${routePath("connect-google-redirect", locale)}\\?error=denied$`));
  await expect(page.getByRole("heading", { name: message(locale, "auth.google.failedTitle") })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "google failed");
});

test("Google with the address of a confirmed account links only after its password (de)", async ({ page }) => {
  const locale = "de";
  const site = origin(locale);
  const email = freshEmail(locale);
  // A confirmed account with a password, made through the API and the mailed link (on the Dutch
  // domain: Node, unlike Chromium, does not resolve *.localhost).
  const dutch = origin("nl");
  const registered = await page.request.post(`${dutch}/api/auth/local/register`, { data: { username: email, email, password: PASSWORD } });
  expect(registered.status()).toBe(200);
  await page.request.get(await mailedLink(page.request, email, `${dutch}/api/auth/email-confirmation`));

  await page.goto(`${site}${routePath("login", locale)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: message(locale, "auth.google.continue") }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();

  // Not signed in silently: the owner proves the password once.
  await expect(page.getByRole("heading", { name: message(locale, "auth.google.linkTitle") })).toBeVisible();
  await expect(page.getByText(message(locale, "auth.google.linkIntro").replace("{{email}}", email))).toBeVisible();
  await expectNoSeriousA11yViolations(page, "google link");
  await page.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: message(locale, "auth.google.linkSubmit") }).click();
  await expect(page).toHaveURL(`${site}${accountPath(locale)}`);
  await expect(page.getByText(message(locale, "profile.signedInAs").replace("{{email}}", email))).toBeVisible();

  // From now on Google signs the owner straight in.
  await logOut(page, locale);
  await page.goto(`${site}${routePath("login", locale)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: message(locale, "auth.google.continue") }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${site}${accountPath(locale)}`);
});
