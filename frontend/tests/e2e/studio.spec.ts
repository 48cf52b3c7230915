/**
 * The studio (issue 27): an owner (made by the provider state of backend/testkit/studio_states.py)
 * signs in with password and authenticator code, sees the staff, invites an editor and signs out;
 * the editor sets up their account from the mailed link (QR code, secret, password, first code,
 * recovery codes) and lands in the studio in their own language. axe checks every screen.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectHeading, providerState, studio, totp } from "./studio-support";
import { mailedLink, origin, resetRateLimits } from "./support";

const OWNER_STATE = "a studio owner owner@splash.example with recovery code abcd-efgh-ijkl-mnop";
const EDITOR = "redactie@splash.example";

test("the test of the authenticator code follows RFC 6238's example", () => {
  // RFC 6238 appendix B: the ASCII secret "12345678901234567890", SHA-1, at 59 s → 94287082 (8 digits; 6 here).
  expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59_000)).toBe("287082");
});

test("an owner signs in with password and code, invites an editor, who sets up from the mailed link", async ({ page, request }) => {
  await resetRateLimits(request);
  const owner = await providerState(request, OWNER_STATE);

  // Signed out, the studio asks to sign in (in the shop domain's language, Dutch).
  await page.goto("/studio");
  await expect(page).toHaveURL(/\/studio\/sign-in$/);
  await expectHeading(page, studio("nl", "signIn.title"));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectNoSeriousA11yViolations(page, "studio sign-in");

  // A wrong code: one answer for every refusal.
  await page.getByLabel(studio("nl", "signIn.email")).fill(owner.email ?? "");
  await page.getByLabel(studio("nl", "signIn.password")).fill(owner.password ?? "");
  await page.getByLabel(studio("nl", "signIn.code")).fill("000000" === totp(owner.totpSecret ?? "") ? "111111" : "000000");
  await page.getByRole("button", { name: studio("nl", "signIn.submit") }).click();
  await expect(page.getByRole("alert").filter({ hasText: studio("nl", "signIn.refused") })).toBeVisible();

  await page.getByLabel(studio("nl", "signIn.code")).fill(totp(owner.totpSecret ?? ""));
  await page.getByRole("button", { name: studio("nl", "signIn.submit") }).click();

  // The owner's first section is the dashboard, in the owner's language (English); then the staff.
  await expect(page).toHaveURL(/\/studio\/dashboard$/);
  await expectHeading(page, studio("en", "dashboard.title"));
  const nav = page.getByRole("navigation", { name: studio("en", "nav.label") });
  await expect(nav.getByRole("link")).toHaveText(["dashboard", "orders", "customers", "stock", "content", "settings", "media", "staff", "activity"].map((section) => studio("en", `nav.${section}`)));
  await nav.getByRole("link", { name: studio("en", "nav.staff") }).click();
  await expect(page).toHaveURL(/\/studio\/staff$/);
  await expectHeading(page, studio("en", "staff.title"));
  await expect(page.getByRole("row", { name: new RegExp(owner.email ?? "") })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "studio staff");

  // Invite an editor who reads German.
  const invite = page.getByRole("region", { name: studio("en", "staff.inviteTitle") });
  await invite.getByLabel(studio("en", "staff.name")).fill("Redactie");
  await invite.getByLabel(studio("en", "staff.email")).fill(EDITOR);
  await invite.getByLabel(studio("en", "staff.role")).selectOption({ label: studio("en", "roles.editor") });
  await invite.getByLabel(studio("en", "staff.language")).selectOption({ label: studio("en", "languages.de") });
  await invite.getByRole("button", { name: studio("en", "staff.invite") }).click();
  await expect(page.getByRole("status").filter({ hasText: studio("en", "staff.invited", { email: EDITOR }) })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(EDITOR) });
  await expect(row).toContainText(studio("en", "staff.invitedState"));
  await expect(row.getByRole("combobox")).toHaveValue("editor");

  // The activity log shows the invitation with its after value.
  await nav.getByRole("link", { name: studio("en", "nav.activity") }).click();
  await expectHeading(page, studio("en", "activity.title"));
  const invited = page.getByRole("row").filter({ hasText: studio("en", "actions.staff.invited") });
  await expect(invited.first()).toContainText("editor");
  await expectNoSeriousA11yViolations(page, "studio activity");

  // Sign out: the session ends on the server too.
  await page.getByRole("button", { name: studio("en", "signOut") }).click();
  await expect(page).toHaveURL(/\/studio\/sign-in$/);
  await expect(page.getByRole("status").filter({ hasText: studio("en", "signIn.signedOut") })).toBeVisible();
  expect((await page.request.get("/api/studio/me")).status()).toBe(401);

  // The editor opens the mailed set-up link (its secret after the #).
  const link = await mailedLink(request, EDITOR, `${origin("nl")}/studio/setup#`);
  await page.goto(link);
  await expectHeading(page, studio("nl", "setup.title"));
  await expect(page.getByRole("img", { name: studio("nl", "setup.qrLabel") })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page, "studio set-up");

  // A password too short and no code, sent with the keyboard: the summary names both fields.
  await page.getByLabel(studio("nl", "setup.password")).fill("kort");
  await page.getByLabel(studio("nl", "setup.password")).press("Enter");
  const summary = page.getByRole("group", { name: studio("nl", "forms.fix_other", { count: "2" }) });
  await expect(summary.getByRole("link")).toHaveCount(2);
  await expect(page.getByLabel(studio("nl", "setup.password"))).toBeFocused();

  await page.getByLabel(studio("nl", "setup.password")).fill("Redactie-Zwemmen-2026");
  await page.getByLabel(studio("nl", "setup.code")).fill(totp(secret));
  await page.getByRole("button", { name: studio("nl", "setup.submit") }).click();

  // The recovery codes, shown once; going on needs the "I saved them" box.
  await expectHeading(page, studio("nl", "setup.codesTitle"));
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, "studio recovery codes");
  await page.getByRole("button", { name: studio("nl", "setup.continue") }).click();
  await expect(page.getByRole("alert").filter({ hasText: studio("nl", "setup.savedFirst") })).toBeVisible();
  await page.getByLabel(studio("nl", "setup.saved")).check();
  await page.getByRole("button", { name: studio("nl", "setup.continue") }).click();

  // An editor's sections are the dashboard and the content: no staff, no activity, no settings, in German.
  await expectHeading(page, studio("de", "dashboard.title"));
  await expect(page.getByRole("navigation", { name: studio("de", "nav.label") }).getByRole("link")).toHaveText([studio("de", "nav.dashboard"), studio("de", "nav.content"), studio("de", "nav.media")]);
  await expectNoSeriousA11yViolations(page, "studio home of an editor");
  await page.goto("/studio/staff");
  await expectHeading(page, studio("de", "forbidden.title"));
  expect((await page.request.get("/api/studio/staff")).status()).toBe(403);
});

test("the studio is only on the default domain", async ({ page }) => {
  const response = await page.goto(`${origin("en")}/studio`);
  expect(response?.status()).toBe(404);
});
