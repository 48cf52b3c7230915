import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { failure, fakeApi, ok, type Reply } from "../../../testing/auth";
import { createCartStore, rememberPlacedOrder, writeCheckoutDraft, type CartLine } from "../../../lib/cart";
import { renderWithCart, resetCartTestState, setCartCookie } from "../../../testing/cart";
import type { Locale } from "../../../lib/i18n";
import { browserNavigation } from "../../../lib/navigation";
import { RECHECK_MS, RECHECK_TIMES } from "../hooks/use-recheck";
import { orderFixture, SLUG } from "../../../testing/orders";
import type { Order } from "../types";
import { OrderPaymentScreen } from "./order-payment-screen";

const LINES: CartLine[] = [{ variantId: 13, quantity: 2, options: [] }];
const NOT_FOUND = <p>Not found</p>;
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** The order page as the payment provider's return opens it, in a tab whose checkout placed the order. */
function renderReturn(answers: (() => Reply)[] | (() => Reply), { locale = "en", placed = true }: { locale?: Locale; placed?: boolean } = {}) {
  setCartCookie(LINES);
  writeCheckoutDraft({ step: "summary" });
  if (placed) rememberPlacedOrder(SLUG);
  const next = Array.isArray(answers) ? () => (answers.length > 1 ? (answers.shift() as () => Reply) : (answers[0] as () => Reply))() : answers;
  const server = fakeApi({ [`GET /orders/${SLUG}`]: next, [`POST /orders/${SLUG}/payments`]: () => ok({ data: { checkoutUrl: "http://127.0.0.1:8000/api/payments/test/tr_2" } }) });
  const view = renderWithCart(<OrderPaymentScreen notFound={NOT_FOUND} />, { path: `/order-payment?order=${SLUG}`, locale, cart: createCartStore() });
  return { ...view, server };
}

const answer = (order: Partial<Order>) => () => ok({ data: orderFixture(order) });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  resetCartTestState();
});

describe("OrderPaymentScreen: paid", () => {
  test("thanks the parent, names the order and the 1 to 3 business days, and empties the cart", async () => {
    const { cart } = renderReturn(answer({ status: "paid", paymentStatus: "paid" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeTruthy();
    expect(screen.getByText("We received your order SPL-7K3M-9QX2; it will be shipped within 1 to 3 business days.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View your order" }).getAttribute("href")).toBe(`/order/${SLUG}`);
    await waitFor(() => expect(cart.getState().lines).toEqual([]));
    expect(window.sessionStorage.getItem("splash:checkout")).toBeNull();
  });

  test("a digital-only order gets no shipping sentence", async () => {
    const digital = orderFixture().lines.map((line) => ({ ...line, productType: "digital" as const }));
    renderReturn(answer({ status: "paid", paymentStatus: "paid", lines: digital }));
    expect(await screen.findByText("We received your order SPL-7K3M-9QX2.")).toBeTruthy();
    expect(screen.queryByText(/business days/)).toBeNull();
  });

  test("an order that unlocked lessons leads straight to them, watchable on this device", async () => {
    const digital = orderFixture().lines.map((line) => ({ ...line, productType: "digital" as const }));
    renderReturn(answer({ status: "paid", paymentStatus: "paid", lines: digital, lessonsPath: "/course/learn-to-swim" }), { locale: "de" });
    expect(await screen.findByRole("heading", { level: 1, name: "Vielen Dank!" })).toBeTruthy();
    expect(screen.getByText(/Auf diesem Gerät kannst du sofort loslegen/)).toBeTruthy();
    const watch = screen.getByRole("link", { name: "Zu deinen Lektionen" });
    expect(watch.getAttribute("href")).toBe("/course/learn-to-swim");
    expect(watch.className).toBe("button button--primary");
    // The first of the card's ways on; the shop steps back.
    const links = screen.getAllByRole("link");
    expect(links[0]).toBe(watch);
    expect(screen.getByRole("link", { name: "Zurück zum Shop" }).className).toBe("button button--secondary");
  });

  test("an order without lessons offers none", async () => {
    renderReturn(answer({ status: "paid", paymentStatus: "paid" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Watch your lessons" })).toBeNull();
    expect(screen.queryByText(/lessons are unlocked/)).toBeNull();
  });

  test("in Dutch", async () => {
    renderReturn(answer({ status: "shipped", paymentStatus: "paid" }), { locale: "nl" });
    expect(await screen.findByRole("heading", { level: 1, name: "Bedankt!" })).toBeTruthy();
    expect(screen.getByText("We hebben je bestelling SPL-7K3M-9QX2 ontvangen; deze wordt binnen 1 tot 3 werkdagen verzonden.")).toBeTruthy();
  });

  test("an order this tab did not place leaves the cart alone", async () => {
    const { cart } = renderReturn(answer({ status: "paid", paymentStatus: "paid" }), { placed: false });
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeTruthy();
    expect(cart.getState().lines).toEqual(LINES);
  });
});

describe("OrderPaymentScreen: waiting for the payment", () => {
  test("says so, shows the bank details, offers Pay now, and empties the cart", async () => {
    const bankTransfer = { bankName: "Stichting Mollie Payments", bankAccount: "NL10BUNQ2045312345", bankBic: "BUNQNL2A", transferReference: "RF12 3456 7890 1234" };
    const { cart } = renderReturn(answer({ bankTransfer, canPay: true }));
    expect(await screen.findByRole("heading", { level: 1, name: "Waiting for your payment" })).toBeTruthy();
    expect(screen.getByText("We are waiting for your payment for order SPL-7K3M-9QX2; processing continues once it has been paid.")).toBeTruthy();
    expect(plain(screen.getByText(/^Please transfer/).textContent)).toBe("Please transfer €103.85 to:");
    expect(screen.getByText("NL10BUNQ2045312345")).toBeTruthy();
    expect(screen.getByText("RF12 3456 7890 1234")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay now" })).toBeTruthy();
    await waitFor(() => expect(cart.getState().lines).toEqual([]));
  });

  test("Pay now starts a payment for the same order and leaves for its page", async () => {
    const leaving = vi.spyOn(browserNavigation, "leaveTo").mockImplementation(() => undefined);
    const { server } = renderReturn(answer({ canPay: true }));
    fireEvent.click(await screen.findByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(leaving).toHaveBeenCalledWith("http://127.0.0.1:8000/api/payments/test/tr_2"));
    expect(server.callsTo(`POST /orders/${SLUG}/payments`).map((call) => call.body)).toEqual([{ returnUrl: `${window.location.origin}/order-payment` }]);
  });

  test("re-checks every few seconds until the money is in, then thanks the parent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderReturn([answer({}), answer({}), answer({ status: "paid", paymentStatus: "paid" })]);
    expect(await screen.findByRole("heading", { level: 1, name: "Waiting for your payment" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS));
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS));
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeTruthy();
    expect(server.callsTo(`GET /orders/${SLUG}`)).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Thank you!" })));
  });

  test("stops re-checking after a while and offers to check again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderReturn(answer({}));
    expect(await screen.findByText("We check again every few seconds.")).toBeTruthy();
    for (let round = 0; round < RECHECK_TIMES; round++) await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS));
    expect(await screen.findByText("Your payment has not come in yet.")).toBeTruthy();
    expect(server.callsTo(`GET /orders/${SLUG}`)).toHaveLength(1 + RECHECK_TIMES);
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS * 3));
    expect(server.callsTo(`GET /orders/${SLUG}`)).toHaveLength(1 + RECHECK_TIMES);
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(server.callsTo(`GET /orders/${SLUG}`)).toHaveLength(2 + RECHECK_TIMES));
    expect(await screen.findByText("We check again every few seconds.")).toBeTruthy();
  });

  test("a payment the bank is still processing offers no Pay now (the money is on its way)", async () => {
    renderReturn(answer({ paymentStatus: "pending", canPay: false }));
    expect(await screen.findByRole("heading", { level: 1, name: "Waiting for your payment" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay now" })).toBeNull();
  });

  test("Pay now while a payment got on its way meanwhile reads the order again", async () => {
    renderReturn(answer({ canPay: true }));
    const again = fakeApi({
      [`GET /orders/${SLUG}`]: answer({ status: "paid", paymentStatus: "paid" }),
      [`POST /orders/${SLUG}/payments`]: () => failure(409, { code: "payment_in_progress" }, "ConflictError"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Pay now" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeTruthy();
    expect(again.callsTo(`POST /orders/${SLUG}/payments`)).toHaveLength(1);
    expect(again.callsTo(`GET /orders/${SLUG}`)).toHaveLength(1);
  });
});

describe("OrderPaymentScreen: the payment failed", () => {
  test.each(["canceled", "expired", "failed"] as const)("%s: 'Splash, something went wrong!' with the order number, Pay now, and the cart kept", async (status) => {
    const { cart } = renderReturn(answer({ paymentStatus: status, canPay: true }));
    expect(await screen.findByRole("heading", { level: 1, name: "Splash, something went wrong!" })).toBeTruthy();
    expect(screen.getByText("Your payment for order SPL-7K3M-9QX2 could not be processed. Please check your payment details and retry.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay now" })).toBeTruthy();
    expect(cart.getState().lines).toEqual(LINES);
    expect(window.sessionStorage.getItem("splash:checkout")).not.toBeNull();
  });

  test("Pay now when the products are gone meanwhile says so", async () => {
    renderReturn(answer({ status: "failed", paymentStatus: "failed", canPay: true }));
    const server = fakeApi({
      [`GET /orders/${SLUG}`]: answer({ status: "failed", paymentStatus: "failed", canPay: true }),
      [`POST /orders/${SLUG}/payments`]: () => failure(409, { code: "product_unavailable", products: ["Splash float suit"] }, "ConflictError"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Pay now" }));
    expect(await screen.findByText("This product is (currently) unavailable, so this order can no longer be paid. Please place a new order.")).toBeTruthy();
    expect(server.callsTo(`POST /orders/${SLUG}/payments`)).toHaveLength(1);
  });
});

describe("OrderPaymentScreen: no order", () => {
  test("an unknown slug is the not-found screen", async () => {
    renderReturn(() => failure(404, {}, "NotFoundError"));
    expect(await screen.findByText("Not found")).toBeTruthy();
  });

  test("a failed read offers to try again", async () => {
    renderReturn([() => failure(500, {}, "ApplicationError"), answer({ status: "paid", paymentStatus: "paid" })]);
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeTruthy();
  });
});
