import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { failure, fakeApi, ok, renderWithAuth, resetAuthTestState, signedInStore, userFixture, type Reply } from "../../../testing/auth";
import { SLUG, summaryFixture } from "../../../testing/orders";
import { OrdersBlock } from "./orders-block";

afterEach(() => resetAuthTestState());

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

function ordersApi(orders: () => Reply) {
  return fakeApi({ "GET /users/me": () => ok(userFixture()), "GET /users/me/orders": orders });
}

describe("OrdersBlock", () => {
  test("signed in: each order with its number, date, total and payment status in words, linking to the order", async () => {
    const server = ordersApi(() =>
      ok({ data: [summaryFixture(), summaryFixture({ orderNr: "SPL-AAAA-BBBB", slug: "other-slug", createdAt: "2026-11-20T09:00:00Z", status: "awaiting_payment", paymentStatus: "open", total: 4995 })] }),
    );
    renderWithAuth(<OrdersBlock />, { path: "/my-splash", store: await signedInStore() });
    expect(screen.getByRole("heading", { level: 2, name: "Your orders" })).toBeTruthy();
    const first = await screen.findByRole("link", { name: "Order SPL-7K3M-9QX2" });
    expect(first.getAttribute("href")).toBe(`/order/${SLUG}`);
    expect(screen.getByRole("link", { name: "Order SPL-AAAA-BBBB" }).getAttribute("href")).toBe("/order/other-slug");
    const items = screen.getAllByRole("listitem").map((item) => plain(item.textContent));
    expect(items).toEqual(["Order SPL-7K3M-9QX225 November 2026€103.85Payment: paid", "Order SPL-AAAA-BBBB20 November 2026€49.95Payment: open"]);
    expect(server.callsTo("GET /users/me/orders")[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  test("in German the payment status is German", async () => {
    ordersApi(() => ok({ data: [summaryFixture({ paymentStatus: "pending" }), summaryFixture({ slug: "x", paymentStatus: null })] }));
    renderWithAuth(<OrdersBlock />, { path: "/mein-splash", locale: "de", store: await signedInStore() });
    expect(await screen.findByText("Zahlung: in Bearbeitung")).toBeTruthy();
    expect(screen.getByText("Zahlung: noch nicht gestartet")).toBeTruthy();
  });

  test("a shipped order links each parcel's tracking page", async () => {
    const parcel = { shippedAt: "2026-11-26T10:00:00Z", carrier: "dhl" as const, trackingNumber: "JVGL01", trackingUrl: "https://www.dhl.com/track?id=JVGL01", lines: [] };
    ordersApi(() => ok({ data: [summaryFixture({ status: "shipped", shipments: [parcel, { ...parcel, carrier: "other", trackingUrl: null }] })] }));
    renderWithAuth(<OrdersBlock />, { path: "/my-splash", store: await signedInStore() });
    const link = await screen.findByRole("link", { name: "Follow parcel (DHL, JVGL01)" });
    expect(link.getAttribute("href")).toBe("https://www.dhl.com/track?id=JVGL01");
    expect(screen.queryByRole("link", { name: /our courier/ })).toBeNull();
  });

  test("no orders yet: the empty state with a link to the shop", async () => {
    ordersApi(() => ok({ data: [] }));
    renderWithAuth(<OrdersBlock />, { path: "/my-splash", store: await signedInStore() });
    expect(await screen.findByText("No orders yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the shop" }).getAttribute("href")).toBe("/shop");
  });

  test("the shop link follows the locale's shop page (French: /magasin)", async () => {
    ordersApi(() => ok({ data: [] }));
    renderWithAuth(<OrdersBlock />, { path: "/mon-splash", locale: "fr", store: await signedInStore() });
    expect((await screen.findByRole("link", { name: "Aller à la boutique" })).getAttribute("href")).toBe("/magasin");
  });

  test("a failed read says so and tries again", async () => {
    const answers: Reply[] = [failure(500, {}, "ApplicationError"), ok({ data: [summaryFixture()] })];
    ordersApi(() => answers.shift() as Reply);
    renderWithAuth(<OrdersBlock />, { path: "/my-splash", store: await signedInStore() });
    expect(await screen.findByText("We could not load your orders just now.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Order SPL-7K3M-9QX2" })).toBeTruthy();
  });

  test("signed out it renders nothing and asks for no orders (the profile block shows the way in)", async () => {
    const server = fakeApi({});
    const view = renderWithAuth(<OrdersBlock />, { path: "/my-splash" });
    await waitFor(() => expect(view.store.getState().status).toBe("signed-out"));
    expect(screen.queryByRole("heading")).toBeNull();
    expect(server.callsTo("GET /users/me/orders")).toEqual([]);
  });
});
