import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { failure, fakeApi, ok, renderWithAuth, resetAuthTestState } from "../../../testing/auth";
import type { Locale } from "../../../lib/i18n";
import { browserNavigation } from "../../../lib/navigation";
import { orderFixture, SLUG } from "../../../testing/orders";
import type { Order } from "../types";
import { OrderDetailScreen } from "./order-detail-screen";

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

function renderOrder(order: Partial<Order> | null, locale: Locale = "en") {
  const server = fakeApi({
    [`GET /orders/${SLUG}`]: () => (order ? ok({ data: orderFixture(order) }) : failure(404, {}, "NotFoundError")),
    [`POST /orders/${SLUG}/payments`]: () => ok({ data: { checkoutUrl: "http://127.0.0.1:8000/api/payments/test/tr_3" } }),
  });
  renderWithAuth(
    <Routes>
      <Route path="/order/:slug" element={<OrderDetailScreen notFound={<p>Not found</p>} />} />
    </Routes>,
    { path: `/order/${SLUG}`, locale },
  );
  return server;
}

afterEach(() => {
  vi.restoreAllMocks();
  resetAuthTestState();
});

const PARCELS: Order["shipments"] = [
  { shippedAt: "2026-11-26T10:00:00Z", carrier: "postnl", trackingNumber: "3SABCD123", trackingUrl: "https://jouw.postnl.nl/track-and-trace/3SABCD123-NL-1015CS", lines: [{ title: "Splash float suit", variantLabel: "Blue, M", quantity: 1 }] },
  { shippedAt: "2026-11-27T10:00:00Z", carrier: "other", trackingNumber: "K-77", trackingUrl: null, lines: [{ title: "Splash float suit", variantLabel: "Blue, L", quantity: 2 }] },
];

describe("OrderDetailScreen", () => {
  test("a shipped order shows each parcel with its carrier, tracking number, contents and tracking link", async () => {
    renderOrder({ status: "shipped", paymentStatus: "paid", shipments: PARCELS });
    const parcels = await screen.findByRole("region", { name: "Your parcels" });
    const items = within(parcels).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(items).toEqual(["Parcel 1", "Parcel 2"]);
    const text = plain(parcels.textContent);
    expect(text).toContain("Sent on 26 November 2026");
    expect(text).toContain("Carrier: PostNL");
    expect(text).toContain("Tracking number: 3SABCD123");
    expect(text).toContain("1 × Splash float suit (Blue, M)");
    expect(text).toContain("Carrier: our courier");
    const links = within(parcels).getAllByRole("link", { name: "Follow your parcel" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://jouw.postnl.nl/track-and-trace/3SABCD123-NL-1015CS"]);
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  test("in Dutch the parcels speak Dutch", async () => {
    renderOrder({ status: "shipped", paymentStatus: "paid", shipments: PARCELS.slice(0, 1) }, "nl");
    const parcels = await screen.findByRole("region", { name: "Je pakketten" });
    expect(plain(parcels.textContent)).toContain("Vervoerder: PostNL");
    expect(within(parcels).getByRole("link", { name: "Volg je pakket" })).toBeTruthy();
  });

  test("no parcels yet: no parcels section", async () => {
    renderOrder({ status: "paid", paymentStatus: "paid" });
    await screen.findByRole("heading", { level: 1, name: "Order SPL-7K3M-9QX2" });
    expect(screen.queryByRole("region", { name: "Your parcels" })).toBeNull();
  });

  test("a paid order: its lines with VAT, totals, addresses, status and the invoice link", async () => {
    renderOrder({ status: "paid", paymentStatus: "paid", invoiceUrl: `/api/orders/${SLUG}/invoice`, billingAddress: { street: "Damrak", housenumber: "1", addition: null, additionalInfo: "3rd floor", postalCode: "1012 LG", city: "Amsterdam", country: "nl" } });
    expect(await screen.findByRole("heading", { level: 1, name: "Order SPL-7K3M-9QX2" })).toBeTruthy();
    expect(screen.getByTestId("order-status").textContent).toBe("paid");
    expect(screen.getByTestId("order-payment-status").textContent).toBe("paid");
    expect(screen.getByText("25 November 2026")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Products" });
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getAllByRole("cell").map((cell) => plain(cell.textContent))).toEqual(["2", "€49.95", "21%", "€99.90"]);
    expect(plain(within(row).getByRole("rowheader").textContent)).toBe("Splash float suit – Blue, Mname: Mila");
    const amounts = [...document.querySelectorAll(".order-amounts__row")].map((row) => plain(row.textContent));
    expect(amounts).toEqual(["Subtotal€99.90", "Shipping€3.95", "Total€103.85", "Including 21% VAT€18.03"]);
    expect(screen.getByText("Keizersgracht 12 A")).toBeTruthy();
    expect(screen.getByText("3rd floor")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View the invoice" }).getAttribute("href")).toBe(`/api/orders/${SLUG}/invoice`);
    expect(screen.queryByRole("button", { name: "Pay now" })).toBeNull();
  });

  test("refunds and charge-backs show", async () => {
    renderOrder({ status: "paid", paymentStatus: "paid", amountRefunded: 4995, amountChargedBack: 1000 });
    await screen.findByRole("heading", { level: 1, name: "Order SPL-7K3M-9QX2" });
    const amounts = [...document.querySelectorAll(".order-amounts__row")].map((row) => plain(row.textContent));
    expect(amounts.slice(4)).toEqual(["Refunded€49.95", "Charged back€10.00"]);
  });

  test("an order that can be paid: no invoice yet, Pay now, and the bank details while it waits", async () => {
    const leaving = vi.spyOn(browserNavigation, "leaveTo").mockImplementation(() => undefined);
    renderOrder({ canPay: true, bankTransfer: { bankName: "Stichting Mollie Payments", bankAccount: "NL10BUNQ2045312345", bankBic: "BUNQNL2A", transferReference: "RF12 3456" } });
    expect(await screen.findByTestId("order-status")).toBeTruthy();
    expect(screen.getByTestId("order-status").textContent).toBe("awaiting payment");
    expect(screen.getByText("RF12 3456")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "View the invoice" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(leaving).toHaveBeenCalledWith("http://127.0.0.1:8000/api/payments/test/tr_3"));
  });

  test("in Spanish", async () => {
    renderOrder({ status: "shipped", paymentStatus: "paid" }, "es");
    expect(await screen.findByRole("heading", { level: 1, name: "Pedido SPL-7K3M-9QX2" })).toBeTruthy();
    expect(screen.getByTestId("order-status").textContent).toBe("enviado");
  });

  test("an unknown slug is the not-found screen", async () => {
    renderOrder(null);
    expect(await screen.findByText("Not found")).toBeTruthy();
  });
});
