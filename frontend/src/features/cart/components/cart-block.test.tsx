import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { api } from "../../../lib/api";
import { AuthProvider, createAuthStore } from "../../../lib/auth";
import { failure, fakeApi, jwt, ok, signedInStore, userFixture, type ApiCall, type Reply } from "../../../testing/auth";
import { CART_COOKIE, CartProvider, createCartStore, type CartLine, type CartQuote, type QuoteRequest, type ShippingCountryCode } from "../../../lib/cart";
import { ADDED, renderWithCart, resetCartTestState, setCartCookie, variantFixture } from "../../../testing/cart";
import { readCookie } from "../../../lib/cookies";
import { createI18n, type Locale } from "../../../lib/i18n";
import en from "../../../locales/en.json";
import { CartBlock } from "./cart-block";

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
const line = (variantId: number, quantity = 1, options: CartLine["options"] = []): CartLine => ({ variantId, quantity, options });

const BLUE_M = variantFixture({ id: 13, colour: "blue", size: "m" });
const PINK_S = variantFixture({ id: 22, colour: "pink", size: "s", price: 5495 });
const COSTS: Record<string, number> = { nl: 395, de: 695, fr: 795, es: 895, se: 995 };

type QuoteOptions = { stock?: Record<number, number>; physical?: boolean; signedInCountry?: string };

/** The server's quote, computed from the request as the backend does (unknown ids are dropped). */
function quoteOf(request: QuoteRequest, authorization: string | undefined, { stock = {}, physical = true, signedInCountry }: QuoteOptions = {}): CartQuote {
  const known = new Map([BLUE_M, PINK_S].map((variant) => [variant.id, variant]));
  const items = request.items
    .filter((item) => known.has(item.variantId))
    .map((item) => {
      const unitPrice = known.get(item.variantId)?.price ?? 0;
      const left = stock[item.variantId] ?? 7;
      const variant = known.get(item.variantId);
      const shown = { title: variant?.product.title ?? "", variantLabel: `${variant?.colour === "pink" ? "Pink" : "Blue"}, ${variant?.sizeLabel ?? ""}` };
      const image = variant?.introImage ?? null;
      const lineTotal = unitPrice * item.quantity;
      const vat = Math.round((lineTotal * 21) / 121);
      return { ...item, ...shown, image, productPath: variant?.product.path ?? null, unitPrice, lineTotal, vat, available: left >= item.quantity, stock: left, productType: "physical" as const, refusal: null };
    });
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const country = request.country ?? (authorization ? signedInCountry : undefined);
  const shipping = !physical
    ? ({ status: "free", cost: 0, country: null } as const)
    : country
      ? ({ status: "cost", cost: COSTS[country] ?? 0, country } as CartQuote["shipping"])
      : ({ status: "tbd", cost: null, country: null } as const);
  return {
    items,
    dropped: request.items.filter((item) => !known.has(item.variantId)).map((item) => ({ variantId: item.variantId, reason: "unknown" })),
    physical,
    subtotal,
    shipping,
    vat: { country: "nl", rate: 21, shipping: 0, total: items.reduce((sum, item) => sum + item.vat, 0) },
    total: subtotal + (shipping.cost ?? 0),
    countries: Object.entries(COSTS).map(([iso, shippingCost]) => ({ iso: iso as ShippingCountryCode, shippingCost })),
  };
}

function cartApi(options: QuoteOptions & { quote?: (call: ApiCall) => Reply | Promise<Reply> } = {}) {
  return fakeApi({
    "GET /users/me": () => ok(userFixture()),
    "POST /cart/quote": options.quote ?? ((call) => ok({ data: quoteOf(call.body as QuoteRequest, call.headers.authorization, options) })),
  });
}

function renderCart(locale: Locale = "en", store?: Awaited<ReturnType<typeof signedInStore>>) {
  return renderWithCart(<CartBlock />, { path: "/cart", locale, store });
}

const NAME = "Splash float suit – Blue, M";
const amount = (testId: string) => plain(screen.getByTestId(testId).textContent);
const cookieLines = () => JSON.parse(readCookie(CART_COOKIE) ?? "null") as unknown;
/** The quote has arrived for what the cart shows (nothing busy any more). */
const quoted = () =>
  waitFor(() => {
    expect(document.querySelector(".cart-summary")?.hasAttribute("aria-busy")).toBe(false);
    expect(amount("cart-total")).not.toBe("…");
  });

afterEach(() => resetCartTestState());

describe("CartBlock, empty and loading", () => {
  test("the server (and hydration) renders a busy skeleton, and the empty cart only for the page's head to show when there is no cart cookie", () => {
    setCartCookie([line(13)]);
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en", en)}>
        <AuthProvider store={createAuthStore(api)}>
          <CartProvider store={createCartStore()}>
            <MemoryRouter>
              <CartBlock />
            </MemoryRouter>
          </CartProvider>
        </AuthProvider>
      </I18nextProvider>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Loading your cart…");
    expect(html).toContain('<div class="cart-skeleton">');
    // shown instead of the skeleton by cart.css when the head's script found no cart cookie
    expect(html).toMatch(/<div class="cart-empty cart-empty--no-cookie" tabindex="-1"><p class="cart-empty__text">Your cart is empty\. Add products\.<\/p>/);
    expect(html.match(/Your cart is empty/g)).toHaveLength(1);
  });

  test("an empty cart says so, with a link to the shop; nothing is quoted", async () => {
    const server = cartApi();
    renderCart();
    expect(await screen.findByText("Your cart is empty. Add products.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "To the shop" }).getAttribute("href")).toBe("/shop");
    expect(server.callsTo("POST /cart/quote")).toEqual([]);
  });

  test.each([
    ["es", "Tu carrito está vacío. Añade productos.", "/tienda"],
    ["fr", "Votre panier est vide. Ajoutez des produits.", "/magasin"],
  ] as const)("in %s the empty cart links to that shop", async (locale, text, shop) => {
    cartApi();
    renderCart(locale);
    const empty = await screen.findByText(text);
    expect(within(empty.parentElement as HTMLElement).getByRole("link").getAttribute("href")).toBe(shop);
  });
});

describe("CartBlock, lines and money", () => {
  test("each line: photo, variant title linking to the product, options, unit price, quantity and line total; totals from the quote", async () => {
    // given
    setCartCookie([line(13, 2), line(22, 1, [{ key: "Name", value: "Noor" }])]);
    const server = cartApi();
    // when
    renderCart();
    // then
    const lines = within(await screen.findByRole("list", { name: "Products in your cart" })).getAllByRole("listitem");
    expect(lines).toHaveLength(2);
    const first = within(lines[0] as HTMLElement);
    expect((await first.findByRole("link", { name: NAME })).getAttribute("href")).toBe("/shop/splash-float-suit");
    expect(first.getByRole("img", { name: "Illustration of the blue Splash float suit" }).getAttribute("width")).toBe("1200");
    expect((first.getByRole("spinbutton", { name: `Quantity of ${NAME}` }) as HTMLInputElement).value).toBe("2");
    await quoted();
    expect(plain(lines[0]?.querySelector(".cart-line__unit")?.textContent)).toBe("€49.95 each");
    expect(plain(lines[0]?.querySelector(".cart-line__total")?.textContent)).toBe("Total for this product: €99.90");
    expect(within(lines[1] as HTMLElement).getByText("Noor")).toBeTruthy();
    expect(amount("cart-subtotal")).toBe("€154.85");
    expect(amount("cart-shipping")).toBe("To be announced");
    expect(amount("cart-total")).toBe("€154.85");
    expect(server.callsTo("POST /cart/quote")[0]?.body).toEqual({
      items: [
        { variantId: 13, quantity: 2, options: [] },
        { variantId: 22, quantity: 1, options: [{ key: "Name", value: "Noor" }] },
      ],
    });
    expect(screen.getByRole("link", { name: "To checkout" }).getAttribute("href")).toBe("/checkout");
  });

  test("choosing a country re-quotes with it: its shipping cost counts in the total", async () => {
    setCartCookie([line(13, 1)]);
    const server = cartApi();
    renderCart();
    const country = await screen.findByLabelText("Shipping to");
    await quoted();
    fireEvent.change(country, { target: { value: "nl" } });
    await waitFor(() => expect(amount("cart-shipping")).toBe("€3.95"));
    expect(amount("cart-total")).toBe("€53.90");
    expect(server.callsTo("POST /cart/quote").at(-1)?.body).toMatchObject({ country: "nl" });
    expect(within(country).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Choose a country",
      "Netherlands",
      "Germany",
      "France",
      "Spain",
      "Sweden",
    ]);
  });

  test("the chosen country is kept for the checkout and the next visit (its cookie), and shown again", async () => {
    // given
    setCartCookie([line(13, 1)]);
    const server = cartApi();
    const first = renderCart();
    await quoted();
    // when
    fireEvent.change(await screen.findByLabelText("Shipping to"), { target: { value: "de" } });
    await waitFor(() => expect(amount("cart-shipping")).toBe("€6.95"));
    first.unmount();
    renderCart();
    // then
    expect(readCookie("cart_country")).toBe("de");
    expect(first.cart.getState().country).toBe("de");
    await waitFor(() => expect(amount("cart-shipping")).toBe("€6.95"));
    expect((screen.getByLabelText("Shipping to") as HTMLSelectElement).value).toBe("de");
    expect(server.callsTo("POST /cart/quote").at(-1)?.body).toMatchObject({ country: "de" });
  });

  test("nothing to ship (only lessons): 'No shipping: lessons are online'", async () => {
    setCartCookie([line(13, 1)]);
    cartApi({ physical: false });
    renderCart();
    await waitFor(() => expect(amount("cart-shipping")).toBe("No shipping: lessons are online"));
  });

  test("signed in, the quote carries the bearer and the server's address country decides the shipping", async () => {
    setCartCookie([line(13, 1)]);
    const server = cartApi({ signedInCountry: "de" });
    const store = await signedInStore(jwt("ouder"));
    renderCart("en", store);
    await waitFor(() => expect(amount("cart-shipping")).toBe("€6.95"));
    expect(server.callsTo("POST /cart/quote").every((call) => call.headers.authorization === `Bearer ${jwt("ouder")}`)).toBe(true);
    expect((screen.getByLabelText("Shipping to") as HTMLSelectElement).value).toBe("de");
  });

  test("in Dutch: Dutch texts, Dutch amounts and the Dutch checkout path", async () => {
    setCartCookie([line(13, 1)]);
    cartApi();
    renderCart("nl");
    await waitFor(() => expect(amount("cart-subtotal")).toBe("€ 49,95"));
    expect(amount("cart-shipping")).toBe("Nog te bepalen");
    expect(screen.getByRole("link", { name: "Naar afrekenen" }).getAttribute("href")).toBe("/afrekenen");
  });

  test.each([
    ["en", "Only 2 left", "This product is (currently) unavailable"],
    ["nl", "Nog maar 2 op voorraad", "Dit product is (momenteel) niet beschikbaar"],
    ["de", "Nur noch 2 auf Lager", "Dieses Produkt ist (derzeit) nicht verfügbar"],
    ["es", "Solo 2 en stock", "Este producto no está disponible (por ahora)"],
    ["fr", "Plus que 2 en stock", "Ce produit est (actuellement) indisponible"],
    ["sv", "Bara 2 kvar", "Den här produkten är (för närvarande) inte tillgänglig"],
  ] as const)("in %s a line the quote marks unavailable says so; too few in stock says how many are left (%s)", async (locale, left, unavailable) => {
    setCartCookie([line(13, 3), line(22, 1)]);
    cartApi({ stock: { 13: 2, 22: 0 } });
    renderCart(locale);
    await quoted();
    const [blue, pink] = [...document.querySelectorAll(".cart-line")];
    await waitFor(() => expect(blue?.querySelector(".cart-line__warning")?.textContent).toBe(left));
    expect(pink?.querySelector(".cart-line__warning")?.textContent).toBe(unavailable);
  });

  test("lines the quote drops (the variant is gone) leave the cart, with the notice", async () => {
    setCartCookie([line(13, 1), line(31, 2)]);
    cartApi();
    const { cart } = renderCart();
    expect(await screen.findByText("Some items are no longer available and were removed from your cart.")).toBeTruthy();
    expect(cart.getState().lines).toEqual([line(13, 1)]);
    expect(cookieLines()).toEqual([line(13, 1)]);
  });

  test("a tampered cookie: the good lines stay and the notice shows until it is closed", async () => {
    setCartCookie([line(13, 1), { variantId: 13, quantity: -9 }]);
    cartApi();
    renderCart();
    const notice = await screen.findByText("Some items are no longer available and were removed from your cart.");
    expect(notice.closest("[role='status']")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close this message" }));
    expect(screen.queryByText(/no longer available/)).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  test("a failing quote says so; 'Try again' asks again", async () => {
    setCartCookie([line(13, 1)]);
    let fail = true;
    cartApi({ quote: (call) => (fail ? failure(500, {}, "InternalServerError") : ok({ data: quoteOf(call.body as QuoteRequest, undefined) })) });
    renderCart();
    expect(await screen.findByText("We could not calculate the prices just now.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(amount("cart-total")).toBe("€49.95"));
    expect(screen.queryByText("We could not calculate the prices just now.")).toBeNull();
  });
});

describe("CartBlock, quantities", () => {
  test("+ and − change the quantity, the cookie and (once, for quick clicks) the quote", async () => {
    // given
    setCartCookie([line(13, 2)]);
    const server = cartApi();
    const { cart } = renderCart();
    const more = await screen.findByRole("button", { name: `One more ${NAME}` });
    await quoted();
    const before = server.callsTo("POST /cart/quote").length;
    // when
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(screen.getByRole("button", { name: `One fewer ${NAME}` }));
    // then
    expect(cart.getState().lines).toEqual([line(13, 3)]);
    expect(cookieLines()).toEqual([line(13, 3)]);
    await waitFor(() => expect(amount("cart-total")).toBe("€149.85"));
    const after = server.callsTo("POST /cart/quote").slice(before);
    expect(after.map((call) => (call.body as QuoteRequest).items[0]?.quantity)).toEqual([3]);
  });

  test("− at 1 and + at 99 are marked unavailable and change nothing (the focus stays on them)", async () => {
    setCartCookie([line(13, 1), line(22, 99)]);
    cartApi();
    const { cart } = renderCart();
    const fewer = await screen.findByRole("button", { name: `One fewer ${NAME}` });
    expect(fewer.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(fewer);
    const more = await screen.findByRole("button", { name: "One more Splash float suit – Pink, S" });
    expect(more.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(more);
    expect(cart.getState().lines).toEqual([line(13, 1), line(22, 99)]);
  });

  test("a typed quantity counts; nonsense goes back to the cart's quantity on leaving the field", async () => {
    setCartCookie([line(13, 2)]);
    cartApi();
    const { cart } = renderCart();
    const input = (await screen.findByRole("spinbutton", { name: `Quantity of ${NAME}` })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "5" } });
    expect(cart.getState().lines).toEqual([line(13, 5)]);
    for (const wrong of ["0", "", "x"]) {
      fireEvent.change(input, { target: { value: wrong } });
      expect(cart.getState().lines).toEqual([line(13, 5)]);
      fireEvent.blur(input);
      expect(input.value).toBe("5");
    }
    expect(document.querySelector(".quantity__note")?.textContent).toBe("");
  });

  test("typing more than is left sets what is left and says so, in the cart's words; + is then unavailable", async () => {
    setCartCookie([line(13, 2)]);
    cartApi({ stock: { 13: 9 } });
    const { cart } = renderCart();
    await quoted();
    const input = screen.getByRole("spinbutton", { name: `Quantity of ${NAME}` }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "99" } });
    expect(cart.getState().lines).toEqual([line(13, 9)]);
    expect(input.value).toBe("9");
    const note = document.querySelector(".quantity__note");
    expect(note?.getAttribute("role")).toBe("status");
    expect(note?.textContent).toBe("Only 9 left, so the quantity is now 9.");
    await quoted();
    expect(screen.getByRole("button", { name: `One more ${NAME}` }).getAttribute("aria-disabled")).toBe("true");
    // the next change says nothing more
    fireEvent.click(screen.getByRole("button", { name: `One fewer ${NAME}` }));
    expect(document.querySelector(".quantity__note")?.textContent).toBe("");
  });

  test("typing more than 99 (with more in stock) sets 99 and says it is the most at a time", async () => {
    setCartCookie([line(13, 2)]);
    cartApi({ stock: { 13: 500 } });
    const { cart } = renderCart("nl");
    await quoted();
    const input = screen.getByRole("spinbutton", { name: `Aantal van ${NAME}` }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "150" } });
    expect(cart.getState().lines).toEqual([line(13, 99)]);
    expect(document.querySelector(".quantity__note")?.textContent).toBe("Maximaal 99 per keer, dus het aantal is nu 99.");
  });
});

describe("CartBlock, removing", () => {
  test("remove asks first (focus on 'No'); 'No' keeps the line and returns the focus", async () => {
    setCartCookie([line(13, 1), line(22, 1)]);
    cartApi();
    const { cart } = renderCart();
    const remove = await screen.findByRole("button", { name: `Remove ${NAME} from your cart` });
    fireEvent.click(remove);
    const question = screen.getByRole("group", { name: `Remove ${NAME} from your cart?` });
    const no = within(question).getByRole("button", { name: "No, keep it" });
    await waitFor(() => expect(document.activeElement).toBe(no));
    fireEvent.click(no);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: `Remove ${NAME} from your cart` })));
    expect(cart.getState().lines).toHaveLength(2);
  });

  test("'Yes, remove' removes that line (cookie too) and focuses a message saying so", async () => {
    setCartCookie([line(13, 1), line(22, 1)]);
    cartApi();
    const { cart } = renderCart();
    fireEvent.click(await screen.findByRole("button", { name: `Remove ${NAME} from your cart` }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove" }));
    const message = await screen.findByText(`${NAME} has been removed from your cart.`);
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(cart.getState().lines).toEqual([line(22, 1)]);
    expect(cookieLines()).toEqual([line(22, 1)]);
    await waitFor(() => expect(amount("cart-total")).toBe("€54.95"));
  });

  test("removing the last line shows the empty cart, focused", async () => {
    setCartCookie([line(13, 1)]);
    cartApi();
    renderCart();
    fireEvent.click(await screen.findByRole("button", { name: `Remove ${NAME} from your cart` }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove" }));
    const empty = (await screen.findByText("Your cart is empty. Add products.")).parentElement;
    await waitFor(() => expect(document.activeElement).toBe(empty));
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("'Empty cart' asks first; yes empties the cart and the cookie", async () => {
    setCartCookie([line(13, 1), line(22, 3)]);
    cartApi();
    const { cart } = renderCart();
    fireEvent.click(await screen.findByRole("button", { name: "Empty cart" }));
    const question = screen.getByRole("group", { name: "Remove all products from your cart?" });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole("button", { name: "No, keep it" })));
    fireEvent.click(within(question).getByRole("button", { name: "No, keep it" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Empty cart" })));
    fireEvent.click(screen.getByRole("button", { name: "Empty cart" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, empty my cart" }));
    expect(await screen.findByText("Your cart is empty. Add products.")).toBeTruthy();
    expect(cart.getState().lines).toEqual([]);
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("adding elsewhere (the product page) shows up here", async () => {
    cartApi();
    const { cart } = renderCart();
    await screen.findByText("Your cart is empty. Add products.");
    act(() => void cart.add(line(13, 1), ADDED));
    expect(await screen.findByRole("link", { name: NAME })).toBeTruthy();
  });
});

describe("CartBlock, lessons", () => {
  const LEVEL_2 = 120;
  const LESSON = 122;

  /** The server's quote of lines of the course (a level €14.95, a lesson €4.95): digital, with the refusals given. */
  function lessonsApi(refusals: Record<number, "owned" | "in_cart"> = {}, withSuit = false) {
    return cartApi({
      quote: (call) => {
        const request = call.body as QuoteRequest;
        const base = quoteOf({ ...request, items: request.items.filter((item) => item.variantId === BLUE_M.id) }, undefined, { physical: withSuit });
        const lessons = request.items
          .filter((item) => item.variantId !== BLUE_M.id)
          .map((item) => {
            const unitPrice = item.variantId === LEVEL_2 ? 1495 : 495;
            return {
              ...item,
              title: "Learn to swim with Splash",
              variantLabel: item.variantId === LEVEL_2 ? "Level 2 · 4 lessons" : "Lesson: The star float",
              image: null,
              productPath: "/academy/learn-to-swim",
              unitPrice,
              lineTotal: unitPrice,
              vat: Math.round((unitPrice * 21) / 121),
              available: true,
              stock: 1,
              productType: "digital" as const,
              refusal: refusals[item.variantId] ?? null,
            };
          });
        const subtotal = base.subtotal + lessons.reduce((sum, item) => sum + item.lineTotal, 0);
        return ok({ data: { ...base, items: [...base.items, ...lessons], subtotal, total: subtotal + (base.shipping.cost ?? 0) } });
      },
    });
  }

  test("a line of lessons has no quantity, links to its course and says it is online; only lessons: no shipping", async () => {
    setCartCookie([line(LEVEL_2)]);
    lessonsApi();
    renderCart();
    await quoted();
    const lessonLine = screen.getByRole("link", { name: "Learn to swim with Splash – Level 2 · 4 lessons" });
    expect(lessonLine.getAttribute("href")).toBe("/academy/learn-to-swim");
    const item = lessonLine.closest("li") as HTMLElement;
    expect(within(item).queryByRole("spinbutton")).toBeNull();
    expect(within(item).queryByRole("button", { name: /One more/ })).toBeNull();
    expect(within(item).getByText("Online lessons: watch them as soon as the order is paid")).toBeTruthy();
    expect(amount("cart-shipping")).toBe("No shipping: lessons are online");
    expect(screen.getByRole("link", { name: "To checkout" }).getAttribute("href")).toBe("/checkout");
  });

  test("a suit and lessons: the suit keeps its quantity control, the lessons line has none", async () => {
    setCartCookie([line(BLUE_M.id), line(LEVEL_2)]);
    lessonsApi({}, true);
    renderCart();
    await quoted();
    expect(screen.getAllByRole("spinbutton")).toHaveLength(1);
  });

  test.each([
    ["en", { [LESSON]: "owned" as const }, "You already have these lessons — remove them from your cart"],
    ["en", { [LESSON]: "in_cart" as const }, "Another item in your cart already unlocks these lessons"],
    ["nl", { [LESSON]: "owned" as const }, "Deze lessen heb je al — verwijder ze uit je winkelmand"],
  ])("(%s) a refused line says why, and the way to checkout is closed while it is there", async (locale, refusals, message) => {
    setCartCookie([line(LEVEL_2), line(LESSON)]);
    lessonsApi(refusals);
    renderCart(locale as Locale);
    await quoted();
    const warning = await screen.findByText(message);
    expect(warning.closest("li")?.getAttribute("data-variant-id")).toBe(String(LESSON));
    const checkout = screen.getByRole("button", { name: locale === "nl" ? "Naar afrekenen" : "To checkout" }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(document.getElementById(checkout.getAttribute("aria-describedby") ?? "")?.textContent).toBeTruthy();
    expect(screen.queryByRole("link", { name: locale === "nl" ? "Naar afrekenen" : "To checkout" })).toBeNull();
  });
});
