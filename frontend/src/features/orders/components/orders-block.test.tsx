import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { fakeApi, ok, renderWithAuth, resetAuthTestState, signedInStore, userFixture } from "../../../lib/auth/test-utils";
import { OrdersBlock } from "./orders-block";

afterEach(() => resetAuthTestState());

describe("OrdersBlock", () => {
  test("signed in: an empty state with a link to the shop", async () => {
    fakeApi({ "GET /users/me": () => ok(userFixture()) });
    renderWithAuth(<OrdersBlock />, { path: "/my-splash", store: await signedInStore() });
    expect(screen.getByRole("heading", { level: 2, name: "Your orders" })).toBeTruthy();
    expect(screen.getByText("No orders yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the shop" }).getAttribute("href")).toBe("/shop");
  });

  test("the shop link follows the locale's shop page (French: /magasin)", async () => {
    fakeApi({ "GET /users/me": () => ok(userFixture()) });
    renderWithAuth(<OrdersBlock />, { path: "/mon-splash", locale: "fr", store: await signedInStore() });
    expect(screen.getByRole("link", { name: "Aller à la boutique" }).getAttribute("href")).toBe("/magasin");
  });

  test("signed out it renders nothing (the profile block shows the way in)", async () => {
    fakeApi({});
    const view = renderWithAuth(<OrdersBlock />, { path: "/my-splash" });
    await waitFor(() => expect(view.store.getState().status).toBe("signed-out"));
    expect(screen.queryByRole("heading")).toBeNull();
  });
});
