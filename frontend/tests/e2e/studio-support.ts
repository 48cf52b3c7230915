/**
 * What the studio's end-to-end specs share: its texts by key, the authenticator's code, the
 * provider states that make its staff and orders, and a signed-in member without the sign-in
 * form (their session cookie from a state).
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { origin } from "./support";

type Texts = { [key: string]: string | Texts };

/** A studio text (frontend/src/studio/locales/<locale>.json) by dotted key, with {{values}} filled in. */
export function studio(locale: string, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Texts | undefined = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../src/studio/locales/${locale}.json`), "utf8")) as Texts;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`No studio text ${key} in ${locale}.json`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** RFC 6238: the authenticator's six digits for a base32 secret, now (30-second steps, HMAC-SHA1). */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/[\s=]/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

export async function providerState(request: APIRequestContext, state: string): Promise<Record<string, string>> {
  const response = await request.post(`${origin("nl")}/_test/pact-state`, { data: { state, action: "setup" } });
  expect(response.status(), state).toBe(200);
  return (await response.json()) as Record<string, string>;
}

export async function expectHeading(page: Page, text: string | RegExp): Promise<void> {
  const heading = page.getByRole("heading", { level: 1, name: text });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused(); // focus moves to the heading on every screen
}

/** The studio is on the shop's default domain (Dutch) only. */
export const STUDIO_SITE = origin("nl");

/** Signs in on the sign-in screen (in the default domain's Dutch) with password and the authenticator's code. */
export async function signInWithCode(page: Page, owner: Record<string, string>): Promise<void> {
  await page.goto(`${STUDIO_SITE}/studio`);
  await expectHeading(page, studio("nl", "signIn.title"));
  await page.getByLabel(studio("nl", "signIn.email")).fill(owner.email ?? "");
  await page.getByLabel(studio("nl", "signIn.password")).fill(owner.password ?? "");
  await page.getByLabel(studio("nl", "signIn.code")).fill(totp(owner.totpSecret ?? ""));
  await page.getByRole("button", { name: studio("nl", "signIn.submit") }).click();
}

/** A browser of its own for a member whose session a provider state made (its cookie, as signing in sets it). */
export async function memberContext(context: BrowserContext, session: string): Promise<void> {
  const { hostname } = new URL(STUDIO_SITE);
  await context.addCookies([{ name: "splash_studio", value: session, domain: hostname, path: "/api/studio", httpOnly: true, sameSite: "Strict", secure: false, expires: -1 }]);
}
