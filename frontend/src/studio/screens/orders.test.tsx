import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, test } from "vitest";
import { failure, fakeApi, ok, type ApiCall } from "../../testing/auth";
import { studioClient, type Me } from "../api";
import { loadStudioTexts } from "../i18n";
import type { OrderLine, StudioOrder } from "../orders-api";
import { SessionContext } from "../session";
import { OrderScreen } from "./order";
import { OrdersScreen } from "./orders";
import { ShipForm } from "./ship-form";

const OWNER = ["dashboard", "orders", "ship", "refund", "customers", "stock", "content", "staff", "settings", "activity"];
const SHOP = ["dashboard", "orders", "ship", "customers", "stock", "activity"];

function me(permissions: string[]): Me {
  return {
    staff: { id: 1, email: "owner@splash.example", name: "Owner", role: "owner", locale: "en", setUp: true, createdAt: "2026-11-01T10:00:00Z" },
    permissions,
    sessionExpiresAt: "2026-11-30T10:00:00Z",
  };
}

function line(overrides: Partial<OrderLine>): OrderLine {
  return { id: 31, sku: "SPL-FS-BLUE-M", productType: "physical", title: "Float suit", variantLabel: "Blue, M", options: [], quantity: 2, shipped: 0, unitPrice: 4995, lineTotal: 9990, vatRate: 21, vat: 1734, ...overrides };
}

const ADDRESS = { street: "Keizersgracht", housenumber: "12", addition: null, additionalInfo: null, postalCode: "1015 CS", city: "Amsterdam", country: "nl" };

function order(overrides: Partial<StudioOrder> = {}): StudioOrder {
  return {
    id: 7,
    orderNr: "SPL-7K3M9QX2",
    invoiceNr: "2026-00001",
    slug: "slug",
    locale: "nl",
    status: "paid",
    flagged: null,
    createdAt: "2026-11-28T09:00:00Z",
    paidAt: "2026-11-28T09:01:00Z",
    userId: null,
    firstname: "Eva",
    lastname: "de Vries",
    email: "eva@example.com",
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    lines: [line({}), line({ id: 32, sku: "SPL-L1", productType: "digital", title: "Level 1", variantLabel: "", quantity: 1, unitPrice: 2500, lineTotal: 2500 })],
    subtotal: 12490,
    shipping: 495,
    vat: 2234,
    total: 12985,
    currency: "EUR",
    amountRefunded: 0,
    amountChargedBack: 0,
    payments: [],
    shipments: [],
    mails: [],
    notes: [],
    timeline: [],
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

async function renderStudio(ui: ReactNode, { permissions = OWNER, path = "/studio/orders/7" } = {}) {
  const i18n = await loadStudioTexts("en");
  const session = { client: studioClient(""), me: me(permissions), setMe: () => undefined, leave: async () => undefined, signedOut: false };
  return render(
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/studio/orders" element={ui} />
            <Route path="/studio/orders/:id" element={ui} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}

/** The texts an element's aria-describedby names (help and error). */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

const keyOf = (call: ApiCall) => call.headers["idempotency-key"];

describe("the ship form", () => {
  test("fills in every unit still to ship, and ships the physical lines only", async () => {
    const api = fakeApi({
      "POST /studio/orders/7/shipments": () => ({ status: 201, body: { data: { id: 1, createdAt: "2026-11-29T10:00:00Z", carrier: "dhl", trackingNumber: "JJD01", trackingUrl: null, lines: [] } } }),
    });
    const shipped: string[] = [];
    await renderStudio(<ShipForm order={order({ lines: [line({ shipped: 1, quantity: 3 }), order().lines[1] as OrderLine] })} onShipped={(text) => shipped.push(text)} />);
    const units = screen.getByRole("textbox", { name: /Units of Float suit/ });
    expect((units as HTMLInputElement).value).toBe("2");
    expect(screen.queryByRole("textbox", { name: /Level 1/ })).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Carrier" }), { target: { value: "dhl" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Tracking number" }), { target: { value: "JJD01" } });
    fireEvent.click(screen.getByRole("button", { name: "Ship parcel" }));
    await waitFor(() => expect(shipped).toEqual(["The parcel JJD01 was shipped; the customer gets an e-mail."]));
    const [call] = api.callsTo("POST /studio/orders/7/shipments");
    expect(call?.body).toEqual({ lines: [{ lineId: 31, quantity: 2 }], carrier: "dhl", trackingNumber: "JJD01", trackingUrl: null });
    expect(keyOf(call as ApiCall)).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a refusal of too many units shows at that line, and the retry keeps the form's key", async () => {
    const api = fakeApi({
      "POST /studio/orders/7/shipments": () =>
        failure(409, { code: "too_many_units", errors: [{ path: ["lines", 0, "quantity"], message: "At most 1 units of this line are left to ship", name: "ConflictError" }] }, "ConflictError"),
    });
    await renderStudio(<ShipForm order={order()} onShipped={() => undefined} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Tracking number" }), { target: { value: "3SABCD" } });
    const ship = screen.getByRole("button", { name: "Ship parcel" });
    fireEvent.click(ship);
    const units = screen.getByRole("textbox", { name: /Units of Float suit/ });
    await waitFor(() => expect(units.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(units)).toMatch(/More units than are left to ship of this line/);
    fireEvent.click(screen.getByRole("button", { name: "Ship parcel" }));
    await waitFor(() => expect(api.callsTo("POST /studio/orders/7/shipments")).toHaveLength(2));
    const [first, second] = api.callsTo("POST /studio/orders/7/shipments");
    expect(keyOf(first as ApiCall)).toBe(keyOf(second as ApiCall));
  });

  test("nothing chosen is refused in the browser, at the first line", async () => {
    const api = fakeApi({});
    await renderStudio(<ShipForm order={order()} onShipped={() => undefined} />);
    const units = screen.getByRole("textbox", { name: /Units of Float suit/ });
    fireEvent.change(units, { target: { value: "0" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Tracking number" }), { target: { value: "3SABCD" } });
    fireEvent.click(screen.getByRole("button", { name: "Ship parcel" }));
    await waitFor(() => expect(describedBy(units)).toMatch(/Choose at least one unit to ship/));
    expect(api.calls).toHaveLength(0);
  });
});

describe("an order's page", () => {
  const refunds = { data: [], order: { id: 7, status: "paid", total: 12985, amountRefunded: 0, refundable: 12985 } };

  test("a shop member sees the ship form but no refund", async () => {
    fakeApi({ "GET /studio/orders/7": () => ok({ data: order() }), "GET /studio/orders/7/refunds": () => ok(refunds) });
    await renderStudio(<OrderScreen />, { permissions: SHOP });
    expect(await screen.findByRole("heading", { name: "Order SPL-7K3M9QX2" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ship" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Refund" })).toBeNull();
    expect(screen.getByRole("link", { name: /Packing slip/ }).getAttribute("href")).toBe("/api/studio/packing-slips?orders=7");
  });

  test("the owner refunds a line after confirming, and the page says the server's amount", async () => {
    const made = {
      refund: { id: 1, creditNoteNr: "CN-2026-00001", status: "pending", amount: 4995, shipping: 0, lines: [{ lineId: 31, quantity: 1, amount: 4995, vat: 867, vatRate: 21 }], vat: [], restock: true, revokeLessons: false, reason: null, createdBy: "Owner", createdAt: "2026-11-29T10:00:00Z", creditNoteUrl: "/api/studio/orders/7/credit-notes/CN-2026-00001" },
      order: { ...refunds.order, amountRefunded: 4995, refundable: 7990 },
    };
    const api = fakeApi({
      "GET /studio/orders/7": () => ok({ data: order() }),
      "GET /studio/orders/7/refunds": () => ok(api.callsTo("POST /studio/orders/7/refunds").length ? { data: [made.refund], order: made.order } : refunds),
      "POST /studio/orders/7/refunds": () => ({ status: 201, body: { data: made } }),
    });
    await renderStudio(<OrderScreen />);
    const form = (await screen.findByRole("heading", { name: "Refund" })).closest("section") as HTMLElement;
    fireEvent.change(within(form).getByRole("textbox", { name: /Units of Float suit/ }), { target: { value: "1" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Put the units back in stock" }));
    fireEvent.click(within(form).getByRole("button", { name: "Refund…" }));
    expect(await within(form).findByRole("group", { name: /Refund 1 × Float suit · Blue, M\?/ })).toBeTruthy();
    expect(api.callsTo("POST /studio/orders/7/refunds")).toHaveLength(0);
    fireEvent.click(within(form).getByRole("button", { name: "Yes, refund" }));
    expect(await screen.findByText("€49.95 was refunded; credit note CN-2026-00001.")).toBeTruthy();
    const [call] = api.callsTo("POST /studio/orders/7/refunds");
    expect(call?.body).toEqual({ lines: [{ lineId: 31, quantity: 1 }], shipping: false, restock: true, revokeLessons: false });
    expect(keyOf(call as ApiCall)).toMatch(/^[0-9a-f-]{36}$/);
    expect((await screen.findByRole("link", { name: "Credit note CN-2026-00001" })).getAttribute("href")).toBe("/api/studio/orders/7/credit-notes/CN-2026-00001");
  });

  test("an unpaid order is cancelled after asking, with or without the customer's e-mail", async () => {
    const api = fakeApi({
      "GET /studio/orders/7": () => ok({ data: order({ status: api.calls.some((call) => call.method === "POST") ? "canceled" : "awaiting_payment", invoiceNr: null, paidAt: null }) }),
      "GET /studio/orders/7/refunds": () => ok({ ...refunds, order: { ...refunds.order, refundable: 0 } }),
      "POST /studio/orders/7/cancel": (call) => ok({ data: { id: 7, status: "canceled", paymentStatus: "canceled", stockState: "released", notified: (call.body as { notify: boolean }).notify } }),
    });
    await renderStudio(<OrderScreen />, { permissions: SHOP });
    const section = (await screen.findByRole("heading", { name: "Cancel the order" })).closest("section") as HTMLElement;
    expect(screen.queryByRole("heading", { name: "Ship" })).toBeNull(); // nothing ships before the money
    const notify = within(section).getByRole("checkbox", { name: "Send the customer an e-mail" }) as HTMLInputElement;
    expect(notify.checked).toBe(true);
    fireEvent.click(notify);
    fireEvent.click(within(section).getByRole("button", { name: "Cancel order…" }));
    const question = within(section).getByRole("group", { name: "Cancel order SPL-7K3M9QX2?" });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole("button", { name: "No, keep it" })));
    expect(api.callsTo("POST /studio/orders/7/cancel")).toHaveLength(0);
    fireEvent.click(within(question).getByRole("button", { name: "Yes, cancel" }));
    expect(await screen.findByText("Order SPL-7K3M9QX2 was cancelled.")).toBeTruthy();
    expect(api.callsTo("POST /studio/orders/7/cancel")[0]?.body).toEqual({ notify: false });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Cancel the order" })).toBeNull());
  });

  test("a sent e-mail goes again as its kind; a note is added as typed", async () => {
    const mail = { id: 3, sentAt: "2026-11-29T10:00:00Z", to: "eva@example.com", subject: "Your parcel is on its way", template: "order_shipped", locale: "nl" };
    const api = fakeApi({
      "GET /studio/orders/7": () => ok({ data: order({ mails: [mail] }) }),
      "GET /studio/orders/7/refunds": () => ok(refunds),
      "POST /studio/orders/7/emails": () => ({ status: 202, body: { data: { kind: "shipped", to: "eva@example.com" } } }),
      "POST /studio/orders/7/notes": () => ({ status: 201, body: { data: { id: 9, at: "2026-11-29T10:01:00Z", author: "Owner", text: "Called" } } }),
    });
    await renderStudio(<OrderScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Send again Your parcel is on its way" }));
    expect(await screen.findByText("The e-mail is being sent again to eva@example.com.")).toBeTruthy();
    expect(api.callsTo("POST /studio/orders/7/emails")[0]?.body).toEqual({ kind: "shipped" });
    fireEvent.change(screen.getByRole("textbox", { name: "New note" }), { target: { value: "  Called  " } });
    fireEvent.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("The note was added.")).toBeTruthy();
    expect(api.callsTo("POST /studio/orders/7/notes")[0]?.body).toEqual({ text: "Called" });
  });

  test("an unknown order says so", async () => {
    fakeApi({ "GET /studio/orders/7": () => failure(404, {}, "NotFoundError"), "GET /studio/orders/7/refunds": () => failure(404, {}, "NotFoundError") });
    await renderStudio(<OrderScreen />);
    expect(await screen.findByRole("heading", { name: "Order not found" })).toBeTruthy();
  });
});

describe("the inbox", () => {
  const page = (total: number) => ({
    data: [{ id: 7, orderNr: "SPL-7K3M9QX2", createdAt: "2026-11-28T09:00:00Z", status: "paid", firstname: "Eva", lastname: "de Vries", email: "eva@example.com", country: "nl", total: 12985, currency: "EUR", amountRefunded: 0, flagged: null, toShip: true }],
    meta: { page: 1, pageSize: 50, total, counts: { toShip: 1, awaitingPayment: 2, problems: 0, shipped: 3, refunded: 0, all: 6 } },
  });

  test("asks the API for the address's box and search, and a search goes into the address", async () => {
    const api = fakeApi({ "GET /studio/orders": () => ok(page(1)) });
    await renderStudio(<OrdersScreen />, { path: "/studio/orders?box=to_ship" });
    expect((await screen.findByRole("link", { name: "SPL-7K3M9QX2" })).getAttribute("href")).toBe("/studio/orders/7");
    expect(screen.getByRole("link", { name: "To ship (1)" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Awaiting payment (2)" }).getAttribute("href")).toBe("/studio/orders?box=awaiting_payment");
    expect(screen.getByText("€129.85")).toBeTruthy();
    expect(api.calls[0]?.query.get("box")).toBe("to_ship");
    // Newest first unless asked: the date column says so, and its header turns it round.
    expect(screen.getByRole("columnheader", { name: /Placed/ }).getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByRole("columnheader", { name: /Total/ }).getAttribute("aria-sort")).toBeNull();
    expect(screen.getByRole("link", { name: "Placed sort ascending" }).getAttribute("href")).toBe("/studio/orders?box=to_ship&sort=date");
    expect(screen.getByRole("link", { name: "Total sort descending" }).getAttribute("href")).toBe("/studio/orders?box=to_ship&sort=-total");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search orders" }), { target: { value: "1015 CS" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/studio/orders?box=to_ship&q=1015+CS"));
    await waitFor(() => expect(api.calls.at(-1)?.query.get("q")).toBe("1015 CS"));
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/studio/orders.csv?box=to_ship&q=1015+CS");
  });

  test("ticked orders get their packing slips", async () => {
    fakeApi({ "GET /studio/orders": () => ok(page(1)) });
    await renderStudio(<OrdersScreen />, { path: "/studio/orders" });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select order SPL-7K3M9QX2" }));
    expect(screen.getByRole("link", { name: "Packing slip of 1 order" }).getAttribute("href")).toBe("/api/studio/packing-slips?orders=7");
  });
});
