import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fakeApi } from "../../../testing/auth";
import { FeedbackSlot, type CartLine } from "../../../lib/cart";
import { renderWithCart, resetCartTestState, suitImage, variantFixture } from "../../../testing/cart";
import type { Locale } from "../../../lib/i18n";
import { CartFeedback } from "./cart-feedback";

/** The spec: a card disappears after 5 seconds. */
const FEEDBACK_MS = 5000;

const COLOURS: Record<number, { colour: "blue" | "pink"; size: "m" | "s" }> = { 13: { colour: "blue", size: "m" }, 22: { colour: "pink", size: "s" } };
const line = (variantId: number, quantity = 1): CartLine => ({ variantId, quantity, options: [] });

function renderFeedback(locale: Locale = "en") {
  fakeApi({});
  const view = renderWithCart(
    <>
      <button type="button">Add to cart</button>
      <CartFeedback />
    </>,
    { path: "/shop/splash-float-suit", locale },
  );
  /** Adds a line as the product page does, telling the cart what the variant is called and shows. */
  const add = (added: CartLine) =>
    act(() => void view.cart.add(added, { title: variantFixture({ id: added.variantId, ...COLOURS[added.variantId] }).title, image: suitImage(COLOURS[added.variantId]?.colour ?? "blue") }));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { ...view, add, wait };
}

const cards = () => document.querySelectorAll(".cart-feedback__card");
/** The page's Tab stops in document order (what jsdom cannot press Tab through). */
const tabStops = () => [...document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])")];
const nameOf = (element: HTMLElement) => element.getAttribute("aria-label") ?? element.textContent?.trim();
const shownProduct = () => document.querySelector(".cart-feedback__product")?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetCartTestState();
});

describe("CartFeedback", () => {
  test("after an add: 'Added to your cart' with the variant, in a polite region, without taking the focus", async () => {
    // given
    const { add } = renderFeedback();
    const button = screen.getByRole("button", { name: "Add to cart" });
    button.focus();
    // when
    await add(line(13));
    // then
    const region = screen.getByRole("status", { name: "Cart messages" });
    expect(region.textContent).toContain("Added to your cart");
    expect(shownProduct()).toBe("Splash float suit – Blue, M");
    expect(screen.getByRole("img", { name: "Illustration of the blue Splash float suit" })).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });

  test("adding lessons that are already in the cart says so, in the page's language, and adds nothing", async () => {
    const { cart } = renderFeedback("nl");
    const level = { title: "Leren zwemmen met Splash – Niveau 2", image: null };
    act(() => void cart.add(line(120), level, { once: true }));
    expect(screen.getByRole("status", { name: "Meldingen van je winkelmand" }).textContent).toContain("Toegevoegd aan je winkelmand");
    fireEvent.click(screen.getByRole("button", { name: "Sluiten" }));
    act(() => void cart.add(line(120), level, { once: true }));
    expect(document.querySelector(".cart-feedback__title")?.textContent).toBe("Staat al in je winkelmand");
    expect(shownProduct()).toBe("Leren zwemmen met Splash – Niveau 2");
    expect(cart.getState().lines).toEqual([line(120)]);
  });

  test("more than one shows the quantity", async () => {
    const { add } = renderFeedback();
    await add(line(13, 2));
    expect(shownProduct()).toBe("2 × Splash float suit – Blue, M");
  });

  test("cards queue and show one at a time; each goes after 5 seconds, then the next one shows", async () => {
    const { add, wait } = renderFeedback();
    await add(line(13));
    await add(line(22));
    expect(cards()).toHaveLength(1);
    expect(shownProduct()).toBe("Splash float suit – Blue, M");
    await wait(FEEDBACK_MS - 1);
    expect(shownProduct()).toBe("Splash float suit – Blue, M");
    await wait(1);
    expect(shownProduct()).toBe("Splash float suit – Pink, S");
    await wait(FEEDBACK_MS);
    expect(cards()).toHaveLength(0);
  });

  test("the close button removes the card at once", async () => {
    const { add, cart } = renderFeedback();
    await add(line(13));
    await add(line(22));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(shownProduct()).toBe("Splash float suit – Pink, S");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(cards()).toHaveLength(0);
    expect(cart.getState().feedback).toEqual([]);
  });

  test("'View cart' leads to the cart page and removes the card", async () => {
    const { add, location } = renderFeedback("nl");
    await add(line(13));
    const view = screen.getByRole("link", { name: "Bekijk winkelmand" });
    expect(view.getAttribute("href")).toBe("/winkelmand");
    fireEvent.click(view);
    expect(location()).toBe("/winkelmand");
    expect(cards()).toHaveLength(0);
  });

  test("hovering or focusing the card pauses its 5 seconds; leaving it runs the rest", async () => {
    const { add, wait } = renderFeedback();
    await add(line(13));
    await wait(2000);
    const card = document.querySelector(".cart-feedback__card") as HTMLElement;
    fireEvent.mouseEnter(card);
    await wait(30_000);
    expect(cards()).toHaveLength(1);
    fireEvent.mouseLeave(card);
    await wait(FEEDBACK_MS - 2000 - 1);
    expect(cards()).toHaveLength(1);
    await wait(1);
    expect(cards()).toHaveLength(0);
  });

  test("focus inside the card pauses it too", async () => {
    const { add, wait } = renderFeedback();
    await add(line(13));
    fireEvent.focus(screen.getByRole("link", { name: "View cart" }));
    await wait(FEEDBACK_MS * 3);
    expect(cards()).toHaveLength(1);
    fireEvent.blur(screen.getByRole("link", { name: "View cart" }));
    await wait(FEEDBACK_MS);
    expect(cards()).toHaveLength(0);
  });

  test("with a slot after the add button, the card is the next stop of Tab after the button, before the rest of the page", async () => {
    // given: a page as the product page lays it out, the layout's region after the footer
    fakeApi({});
    const view = renderWithCart(
      <>
        <main>
          <button type="button">Add to cart</button>
          <FeedbackSlot />
          <a href="/size-guide">Size guide</a>
        </main>
        <footer>
          <a href="/privacy">Privacy</a>
        </footer>
        <CartFeedback />
      </>,
      { path: "/shop/splash-float-suit" },
    );
    const button = screen.getByRole("button", { name: "Add to cart" });
    button.focus();
    // when
    act(() => void view.cart.add(line(13), { title: "Splash float suit – Blue, M", image: null }));
    // then
    expect(tabStops().map(nameOf)).toEqual(["Add to cart", "View cart", "Close", "Size guide", "Privacy"]);
    // announced from the slot, a polite region of its own
    const slot = within(screen.getByRole("main")).getByRole("status", { name: "Cart messages" });
    expect(slot.textContent).toContain("Added to your cart");
    expect(document.activeElement).toBe(button);
  });

  test("closing the card from the keyboard gives the focus back to the button that added", async () => {
    fakeApi({});
    const view = renderWithCart(
      <main>
        <button type="button">Add to cart</button>
        <FeedbackSlot />
        <CartFeedback />
      </main>,
      { path: "/shop/splash-float-suit" },
    );
    const button = screen.getByRole("button", { name: "Add to cart" });
    button.focus();
    act(() => void view.cart.add(line(13), { title: "Splash float suit – Blue, M", image: null }));
    const close = screen.getByRole("button", { name: "Close" });
    close.focus();
    fireEvent.focus(close);
    fireEvent.click(close);
    expect(cards()).toHaveLength(0);
    expect(document.activeElement).toBe(button);
  });
});
