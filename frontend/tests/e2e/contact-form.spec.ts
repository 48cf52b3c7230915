/**
 * The contact form (a "form" block on the contact content page) in Dutch and English: messages
 * in the domain's language on submit, blur and fix; the pending state; success; the mail the
 * shop receives (read back from the test server's outbox); accessibility with errors showing.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  collectProblems,
  contactPage,
  formText,
  message,
  mailMatching,
  origin,
  resetRateLimits,
  waitForHydrated,
  waitForHydration,
  type Locale,
} from "./support";

const SHOP_EMAIL = "hello@splash.localhost";
/** At most this long the route holds the POST back (it lets go as soon as the pending state is checked). */
const MAX_HOLD_MS = 5000;
/** The Dutch mail names the shop the visitor wrote to ("… van de Engelse winkel"). */
const SHOP_IN_MAIL: Record<"nl" | "en", string> = { nl: "Nederlandse winkel", en: "Engelse winkel" };

type Field = "name" | "email" | "phone" | "orderNumber" | "message" | "consent";
const FIELDS: Field[] = ["name", "email", "phone", "orderNumber", "message", "consent"];
const SUBMIT = "form#form-contact button[type=submit]";
/** The code-split chunk of the form block (features/content/components/form-block.tsx). */
const FORM_CHUNK = /\/assets\/form-block-[^/]*\.js(\?.*)?$/;

const label = (locale: Locale, field: Field) => message(locale, `forms.labels.${field}`);
const rule = (locale: Locale, key: string, field: Field, values: Record<string, string | number> = {}) =>
  formText(locale, `forms.rules.${key}`, { field: label(locale, field), ...values });

function contactForm(page: Page) {
  const form = page.locator("form#form-contact");
  return {
    form,
    input: (field: Field) => page.locator(`#form-contact-${field}`),
    error: (field: Field) => page.locator(`#form-contact-${field}-error`),
    alert: form.locator("p.form__alert[role=alert]"),
    success: form.locator(".form__success[role=status]"),
    submit: page.locator(SUBMIT),
  };
}

for (const locale of ["nl", "en"] as const satisfies readonly Locale[]) {
  const contact = contactPage(locale);
  const url = `${origin(locale)}${contact.path}`;

  test.describe(`contact form (${locale}, ${url})`, () => {
    test.beforeEach(async ({ page }) => {
      await resetRateLimits(page.request);
    });

    test("shows messages in the page's language, sends the message and mails the shop", async ({ page }) => {
      const problems = collectProblems(page);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await waitForHydration(page);
      // The form block is lazy: it hydrates once its chunk has loaded, after the header.
      await waitForHydrated(page, SUBMIT);
      const { form, input, error, alert, success, submit } = contactForm(page);
      await expect(page.getByRole("heading", { name: contact.formTitle, exact: true })).toBeVisible();
      for (const field of FIELDS) await expect(input(field)).toHaveCount(1);
      await expect(submit).toHaveText(message(locale, "forms.submit"));
      await expect(alert).toHaveText("");

      // 1. Submitting the empty form: blocked, the alert, focus on the first field, every message.
      await submit.click();
      await expect(form).toHaveAttribute("data-state", "incomplete");
      await expect(alert).toHaveText(message(locale, "forms.incomplete"));
      await expect(input("name")).toBeFocused();
      await expect(error("name")).toHaveText(rule(locale, "required", "name"));
      await expect(error("email")).toHaveText(rule(locale, "required", "email"));
      await expect(error("message")).toHaveText(rule(locale, "required", "message"));
      await expect(error("consent")).toHaveText(rule(locale, "accepted", "consent"));
      await expect(error("phone")).toHaveText("");
      await expect(error("orderNumber")).toHaveText("");
      await expect(input("name")).toHaveAttribute("aria-invalid", "true");
      await expect(input("name")).toHaveAttribute("aria-describedby", /(^| )form-contact-name-error( |$)/);
      await expect(success).toHaveCount(0);

      await expectNoSeriousA11yViolations(page, `contact form with errors (${locale})`);

      // 2. A bad e-mail address, then a message that is too short: their messages on blur.
      await input("email").fill("not-an-email");
      await input("email").blur();
      await expect(error("email")).toHaveText(rule(locale, "email", "email"));

      await input("message").fill(locale === "nl" ? "Te kort" : "Too short");
      await input("message").blur();
      await expect(error("message")).toHaveText(rule(locale, "length_between", "message", { min: 10, max: 2000 }));

      // 3. Everything fixed: the messages go, the form is complete.
      const stamp = `${locale}-${Date.now()}`;
      const name = locale === "nl" ? "Anna de Vries" : "Anna Smith";
      const email = `anna+${stamp}@example.com`;
      const text = `Which size float suit fits a four-year-old? (e2e ${stamp})`;
      expect(text.length).toBeGreaterThanOrEqual(20);
      await input("name").fill(name);
      await input("name").blur();
      await input("email").fill(email);
      await input("email").blur();
      await input("message").fill(text);
      await input("message").blur();
      await input("consent").check();
      for (const field of FIELDS) await expect(error(field)).toHaveText("");
      await expect(form).toHaveAttribute("data-state", "complete");

      // 4. Submit with the POST held back: 'Loading…' on a disabled button while it is pending.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/forms/contact/submissions", async (route) => {
        await Promise.race([held, new Promise((resolve) => setTimeout(resolve, MAX_HOLD_MS))]);
        await route.continue();
      });
      const created = page.waitForResponse(
        (answer) => answer.url().endsWith("/api/forms/contact/submissions") && answer.request().method() === "POST",
      );
      await submit.click();
      await expect(submit).toHaveText(message(locale, "forms.loading"));
      await expect(submit).toBeDisabled();
      await expect(form).toHaveAttribute("data-state", "loading");
      await expect(form).toHaveAttribute("aria-busy", "true");
      release();

      const answer = await created;
      expect(answer.status()).toBe(201);
      const body = (await answer.json()) as { data: { id: number; form: string; createdAt: string } };
      expect(body.data.form).toBe("contact");
      const sent = answer.request().postDataJSON() as { data: Record<string, unknown>; captchaToken?: string };
      expect(sent).toEqual({ data: { name, email, phone: "", orderNumber: "", message: text, consent: true } });

      // 5. Sent: the success message, an empty form, the button back.
      await expect(form).toHaveAttribute("data-state", "submitted");
      await expect(success).toHaveText(contact.successMessage);
      for (const field of ["name", "email", "phone", "orderNumber", "message"] as const) await expect(input(field)).toHaveValue("");
      await expect(input("consent")).not.toBeChecked();
      await expect(alert).toHaveText("");
      for (const field of FIELDS) await expect(error(field)).toHaveText("");
      await expect(submit).toHaveText(message(locale, "forms.submit"));
      await expect(submit).toBeEnabled();

      // 6. The shop got a mail (in Dutch, the default locale) to answer the visitor directly.
      const mail = await mailMatching(page.request, "the shop's mail with the message", (sent) => (sent.text ?? "").includes(text));
      expect(mail?.to).toBe(SHOP_EMAIL);
      expect(mail?.replyTo).toBe(email);
      expect(mail?.subject).toBe(`Nieuw bericht van ${name} via het contactformulier (#${body.data.id})`);
      expect(mail?.text).toContain(name);
      expect(mail?.text).toContain(email);
      expect(mail?.text).toContain(SHOP_IN_MAIL[locale]);

      expect(problems, problems.join("\n")).toEqual([]);
    });
  });
}

test.describe("contact form before its code has loaded", () => {
  test("a submit does not put the visitor's data in a URL", async ({ page }) => {
    // The server-rendered form is code-split (its chunk arrives after the page hydrates): until
    // its code runs, the submit button is disabled and the form posts (never a GET with data).
    await page.route(FORM_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000)); // a slow connection
      await route.continue();
    });
    const marker = `early-${Date.now()}`;
    const leaks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(marker)) leaks.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`${origin("nl")}${contactPage("nl").path}`);
    await waitForHydration(page); // the header is live; the form is not yet
    await page.locator("#form-contact-email").fill(`${marker}@example.com`);
    await page.locator("#form-contact-message").fill(`Mijn vraag (${marker})`);
    await page.locator(SUBMIT).click();
    await waitForHydrated(page, SUBMIT);
    expect(leaks, `requests carrying the typed data:\n${leaks.join("\n")}`).toEqual([]);
  });
});
