import { afterEach, describe, expect, test, vi } from "vitest";
import { fakeApi, failure } from "../../testing/auth";
import { cartStore, writeCheckoutDraft } from "../cart";
import { ADDED } from "../../testing/cart";
import { browserNavigation } from "../navigation";
import { DRAFT_MAX_CHARS, handOff } from "./hand-off";

const HREF = "https://splash.co.uk/checkout?locale=en";
const ACTION = "https://splash.co.uk/api/language-handoffs/redeem";
const TOKEN = "k".repeat(43);
const LINE = { variantId: 13, quantity: 2, options: [{ key: "name", value: "Mila" }] };

function leaving() {
  return { post: vi.spyOn(browserNavigation, "post").mockImplementation(() => undefined), leaveTo: vi.spyOn(browserNavigation, "leaveTo").mockImplementation(() => undefined) };
}

afterEach(() => {
  cartStore.clear();
  cartStore.setCountry(null);
  vi.restoreAllMocks();
});

describe("handOff", () => {
  test("stores the cart, its country and the draft here, then posts the token there in a form, never in a URL", async () => {
    cartStore.add(LINE, ADDED);
    cartStore.setCountry("de");
    writeCheckoutDraft({ step: "shipping", values: { personal: { firstname: "Eva" } } });
    const api = fakeApi({ "POST /language-handoffs": () => ({ status: 201, body: { data: { action: ACTION, token: TOKEN } } }) });
    const { post, leaveTo } = leaving();

    await handOff(HREF);

    expect(api.callsTo("POST /language-handoffs").map((call) => call.body)).toEqual([
      { target: HREF, cart: { items: [LINE], country: "de" }, draft: { step: "shipping", values: { personal: { firstname: "Eva" } } } },
    ]);
    expect(post).toHaveBeenCalledWith(ACTION, { token: TOKEN, next: "/checkout?locale=en" });
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test("a draft too long for its cookie stays behind; the cart still goes", async () => {
    cartStore.add(LINE, ADDED);
    writeCheckoutDraft({ step: "shipping", values: { shipping: { shipping_street: "x".repeat(DRAFT_MAX_CHARS) } } });
    const api = fakeApi({ "POST /language-handoffs": () => ({ status: 201, body: { data: { action: ACTION, token: TOKEN } } }) });
    const { post } = leaving();

    await handOff(HREF);

    expect(api.calls[0]?.body).toMatchObject({ cart: { items: [LINE], country: null }, draft: null });
    expect(post).toHaveBeenCalledTimes(1);
  });

  test("when the hand-off cannot be made, the plain link is followed", async () => {
    cartStore.add(LINE, ADDED);
    fakeApi({ "POST /language-handoffs": () => failure(429) });
    const { post, leaveTo } = leaving();

    await handOff(HREF);

    expect(leaveTo).toHaveBeenCalledWith(HREF);
    expect(post).not.toHaveBeenCalled();
  });
});

describe("browserNavigation.post", () => {
  test("submits a hidden top-level form holding the fields", () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);

    browserNavigation.post(ACTION, { token: TOKEN, next: "/checkout" });

    const form = document.querySelector("form") as HTMLFormElement;
    expect(submit).toHaveBeenCalledTimes(1);
    expect([form.method, form.action, form.hidden, form.target]).toEqual(["post", ACTION, true, ""]);
    expect(Object.fromEntries(new FormData(form))).toEqual({ token: TOKEN, next: "/checkout" });
  });
});
