import { afterEach, describe, expect, test } from "vitest";
import { authStore } from "../auth";
import { fakeApi, jwt, ok, userFixture } from "../../testing/auth";
import { cartStore } from "../cart";
import { ADDED } from "../../testing/cart";
import { carriesSomething } from "./index";

afterEach(() => {
  cartStore.clear();
  authStore.signOut();
});

describe("carriesSomething", () => {
  test("a visitor without lines in the cart and without a session has nothing to carry", () => {
    expect(carriesSomething()).toBe(false);
  });

  test("lines in the cart are something to carry", () => {
    cartStore.add({ variantId: 13, quantity: 1, options: [] }, ADDED);
    expect(carriesSomething()).toBe(true);
  });

  test("a session is something to carry, also while its user is still loading", async () => {
    fakeApi({ "GET /users/me": () => ok(userFixture()) });
    const signingIn = authStore.signIn(jwt("ouder"));
    expect(carriesSomething()).toBe(true);
    await signingIn;
    expect(carriesSomething()).toBe(true);
  });
});
