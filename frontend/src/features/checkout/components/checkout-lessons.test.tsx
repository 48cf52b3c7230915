import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { failure, type ApiCall } from "../../../testing/auth";
import { createCartStore, type CartLine } from "../../../lib/cart";
import { renderWithCart, resetCartTestState, setCartCookie } from "../../../testing/cart";
import type { Locale } from "../../../lib/i18n";
import { checkoutApi, fillShipping, next, priced, type, watchLeaving } from "../../../testing/checkout";
import { CheckoutBlock } from "./checkout-block";

const LEVEL_2: CartLine = { variantId: 120, quantity: 1, options: [] };
const SUIT: CartLine = { variantId: 13, quantity: 1, options: [] };
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
const WAIVER = "I want the lessons right away and understand that I then lose my 14-day right of withdrawal for them";

function renderCheckout(lines: CartLine[], locale: Locale = "en") {
  setCartCookie(lines);
  return renderWithCart(<CheckoutBlock />, { path: locale === "nl" ? "/afrekenen" : "/checkout", locale, cart: createCartStore() });
}

async function personal() {
  await screen.findByRole("heading", { level: 2, name: "Your details" });
  type("First name", "Eva");
  type("Last name", "de Vries");
  type("Email address", "eva@example.com");
  await next();
}

async function toSummary() {
  await personal();
  await fillShipping();
  await screen.findByRole("heading", { level: 2, name: "Check and pay" });
  await priced();
}

const pay = () => act(async () => void fireEvent.click(screen.getByRole("button", { name: "Proceed to payment" })));
const orderBody = (call: ApiCall | undefined) => (call?.body as { data: Record<string, unknown> } | undefined)?.data;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  resetCartTestState();
});

describe("CheckoutBlock with lessons", () => {
  test("only lessons: the address step is 'Your address' (no shipping), and the summary ships nothing", async () => {
    checkoutApi();
    renderCheckout([LEVEL_2]);
    await personal();
    expect(await screen.findByRole("heading", { level: 2, name: "Your address" })).toBeTruthy();
    const steps = within(screen.getByRole("list", { name: "Checkout steps" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["1Your details", "2Your address", "3Check and pay"]);
    expect(screen.getByRole("group", { name: "Your address" })).toBeTruthy();
    await fillShipping();
    await screen.findByRole("heading", { level: 2, name: "Check and pay" });
    await priced();
    expect(plain(screen.getByTestId("checkout-shipping").textContent)).toBe("No shipping: lessons are online");
    expect(screen.getByRole("heading", { level: 3, name: "Your address" })).toBeTruthy();
    expect(screen.getByText("Same as your address")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Your order" }).textContent).toContain("Learn to swim with Splash – Level 2 · 4 lessons");
  });

  test("the withdrawal checkbox is required: without it nothing is sent, the error names it and it gets the focus", async () => {
    const server = checkoutApi();
    renderCheckout([LEVEL_2]);
    await toSummary();
    const box = screen.getByRole("checkbox", { name: WAIVER }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await pay();
    expect(server.callsTo("POST /orders")).toEqual([]);
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Please tick this box: lessons can only be ordered this way.");
  });

  test("ticked, the order carries withdrawalWaived: true and the browser leaves for the payment page", async () => {
    const server = checkoutApi();
    const leaving = watchLeaving();
    renderCheckout([SUIT, LEVEL_2]);
    await personal();
    expect(await screen.findByRole("heading", { level: 2, name: "Shipping address" })).toBeTruthy(); // a suit is shipped
    await fillShipping();
    await screen.findByRole("heading", { level: 2, name: "Check and pay" });
    await priced();
    fireEvent.click(screen.getByRole("checkbox", { name: WAIVER }));
    await pay();
    await waitFor(() => expect(leaving).toHaveBeenCalled());
    expect(orderBody(server.callsTo("POST /orders")[0])).toMatchObject({ withdrawalWaived: true, cart: { items: [SUIT, LEVEL_2] } });
  });

  test("a cart without lessons asks nothing and sends no withdrawal answer", async () => {
    const server = checkoutApi();
    watchLeaving();
    renderCheckout([SUIT]);
    await toSummary();
    expect(screen.queryByRole("checkbox", { name: WAIVER })).toBeNull();
    await pay();
    await waitFor(() => expect(server.callsTo("POST /orders")).toHaveLength(1));
    expect(orderBody(server.callsTo("POST /orders")[0])).not.toHaveProperty("withdrawalWaived");
  });

  test("the server's 400 naming data.withdrawalWaived lands at the checkbox", async () => {
    checkoutApi(() => failure(400, { errors: [{ path: ["data", "withdrawalWaived"], message: "Field required", name: "ValidationError" }] }));
    renderCheckout([LEVEL_2]);
    await toSummary();
    const box = screen.getByRole("checkbox", { name: WAIVER });
    fireEvent.click(box);
    await pay();
    await waitFor(() => expect(box.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(box);
    expect(plain(document.querySelector(".checkout-problem")?.textContent)).toBe("");
  });

  test("409 already_owned: the message, and the way back to the cart", async () => {
    checkoutApi(() => failure(409, { code: "already_owned", errors: [{ path: ["data", "cart", "items", 0], message: "owned" }] }, "ConflictError"));
    renderCheckout([LEVEL_2]);
    await toSummary();
    fireEvent.click(screen.getByRole("checkbox", { name: WAIVER }));
    await pay();
    const problem = document.querySelector(".checkout-problem") as HTMLElement;
    await waitFor(() => expect(problem.textContent).toContain("You already have some of these lessons, or another item in your cart unlocks them."));
    expect(within(problem).getByRole("link", { name: "Back to your cart" }).getAttribute("href")).toBe("/cart");
  });

  test("in Dutch the question and the address step speak Dutch", async () => {
    checkoutApi();
    renderCheckout([LEVEL_2], "nl");
    await screen.findByRole("heading", { level: 2, name: "Je gegevens" });
    await waitFor(() => expect(screen.getByRole("list", { name: "Stappen van je bestelling" }).textContent).toContain("Je adres"));
  });
});
