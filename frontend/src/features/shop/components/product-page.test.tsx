import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { failure, fakeApi, ok, type Reply } from "../../../testing/auth";
import { CART_COOKIE } from "../../../lib/cart";
import { renderWithCart, resetCartTestState, suitImage } from "../../../testing/cart";
import { readCookie } from "../../../lib/cookies";
import { productFixture } from "../../../testing/shop";
import type { ProductData } from "../types";
import { ProductPage } from "./product-page";

/** Intl separates the euro sign with a no-break space in some languages; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** The API of a product page: its findOne (today's values) and the cart's variant calls. */
function shopApi(live: Reply | Promise<Reply> = ok({ data: productFixture() })) {
  return fakeApi({
    "GET /products/1": () => live,
  });
}

function renderPage(product: ProductData = productFixture(), locale: "en" | "nl" = "en") {
  return renderWithCart(<ProductPage product={product} />, { path: "/shop/splash-float-suit", locale });
}

const status = () => document.querySelector(".product-page__status")?.textContent;
const addButton = () => screen.getByRole("button", { name: "Add to cart" }) as HTMLButtonElement;
const choose = (group: string, option: string) => fireEvent.click(within(screen.getByRole("group", { name: group })).getByRole("radio", { name: option }));

afterEach(() => resetCartTestState());

describe("ProductPage", () => {
  test("shows the title, intro, 'from' price and photos with their size and alt text", async () => {
    const server = shopApi();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Splash float suit" })).toBeTruthy();
    expect(screen.getByText(/eight floats that come out one by one/)).toBeTruthy();
    expect(plain(document.querySelector(".product-page__price")?.textContent)).toBe("from €49.95");
    const main = screen.getByRole("img", { name: "Illustration of the blue Splash float suit" });
    expect([main.getAttribute("width"), main.getAttribute("height"), main.getAttribute("loading")]).toEqual(["1200", "1200", "eager"]);
    const thumbs = within(screen.getByRole("list", { name: "Photos" })).getAllByRole("button");
    expect(thumbs.map((thumb) => thumb.getAttribute("aria-label"))).toEqual(["Show photo 1 of 3", "Show photo 2 of 3", "Show photo 3 of 3"]);
    expect(thumbs[0]?.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(server.callsTo("GET /products/1")).toHaveLength(1));
  });

  test("colour and size are radio groups; the sizes show their labels, smallest first", () => {
    shopApi();
    renderPage();
    const colours = within(screen.getByRole("group", { name: "Colour" })).getAllByRole("radio");
    expect(colours.map((radio) => radio.getAttribute("value"))).toEqual(["blue", "pink"]);
    expect(screen.getByRole("radio", { name: "Blue" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Pink" })).toBeTruthy();
    const sizes = within(screen.getByRole("group", { name: "Size" })).getAllByRole("radio");
    expect(sizes.map((radio) => radio.closest("label")?.textContent)).toEqual(["XS", "S", "M", "L", "XL", "XXL", "3XL"]);
  });

  test("'Choose your color and size' until both are picked; the add button is disabled until then", () => {
    shopApi();
    renderPage();
    expect(status()).toBe("Choose your color and size");
    expect(addButton().disabled).toBe(true);
    choose("Colour", "Pink");
    expect(status()).toBe("Choose your color and size");
    expect(addButton().disabled).toBe(true);
    choose("Size", "M");
    expect(status()).toBe("In stock: delivered within 1 to 3 business days");
    expect(addButton().disabled).toBe(false);
    expect(plain(document.querySelector(".product-page__price")?.textContent)).toBe("€49.95");
  });

  test("a sold-out variant: 'This product is (currently) unavailable' and the add button stays disabled", () => {
    shopApi();
    renderPage();
    choose("Colour", "Pink");
    const soldOut = screen.getByRole("radio", { name: "3XL" });
    expect(soldOut.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(soldOut.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Sold out");
    fireEvent.click(soldOut);
    expect(status()).toBe("This product is (currently) unavailable");
    expect(addButton().disabled).toBe(true);
    expect(screen.getByText("This product is (currently) unavailable").getAttribute("role")).toBe("status"); // announced
  });

  test("after hydration today's availability counts: a variant sold out since publishing cannot be added", async () => {
    // given: blue M (id 13) sold out since the page was published
    const published = productFixture();
    const today = productFixture({ variants: published.variants.map((variant) => (variant.id === 13 ? { ...variant, stock: 0, available: false } : variant)) });
    const server = shopApi(ok({ data: today }));
    renderPage(published);
    await waitFor(() => expect(server.callsTo("GET /products/1")).toHaveLength(1));
    // when
    choose("Colour", "Blue");
    choose("Size", "M");
    // then
    await waitFor(() => expect(status()).toBe("This product is (currently) unavailable"));
    expect(addButton().disabled).toBe(true);
  });

  test("when today's values cannot be loaded the published ones stand", async () => {
    const server = shopApi(failure(500, {}, "InternalServerError"));
    renderPage();
    await waitFor(() => expect(server.callsTo("GET /products/1")).toHaveLength(1));
    choose("Colour", "Blue");
    choose("Size", "M");
    expect(addButton().disabled).toBe(false);
  });

  test("adding puts one of the chosen variant in the cart and its cookie; adding again raises the quantity", async () => {
    // given
    const server = shopApi();
    const { cart } = renderPage();
    choose("Colour", "Blue");
    choose("Size", "M");
    // when
    fireEvent.click(addButton());
    // then
    expect(cart.getState().feedback.map((card) => card.added)).toEqual([{ title: "Splash float suit – Blue, M", image: suitImage("blue") }]);
    expect(cart.getState().lines).toEqual([{ variantId: 13, quantity: 1, options: [] }]);
    expect(JSON.parse(readCookie(CART_COOKIE) ?? "null")).toEqual([{ variantId: 13, quantity: 1, options: [] }]);
    fireEvent.click(addButton());
    expect(cart.getState().lines).toEqual([{ variantId: 13, quantity: 2, options: [] }]);
    expect(server.calls.filter((call) => call.path.startsWith("/product-variants"))).toEqual([]);
    expect(cart.getState().feedback).toHaveLength(2);
  });

  test("choosing a colour shows that colour's photo; a thumbnail shows another", () => {
    shopApi();
    renderPage();
    choose("Colour", "Pink");
    expect(screen.getByRole("img", { name: "Illustration of the pink Splash float suit" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show photo 3 of 3" }));
    expect(screen.getByRole("img", { name: "Two empty float pockets" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show photo 3 of 3" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("the description is rendered rich text", () => {
    shopApi();
    renderPage();
    expect(screen.getByText("The Splash float suit is a snug one-piece swimsuit.").tagName).toBe("P");
    expect(screen.getByRole("heading", { level: 2, name: "Fewer floats, step by step" })).toBeTruthy();
  });
});

describe("ProductPage, size guide", () => {
  test("a table of weight in kg → size and age, and the minimum age", () => {
    shopApi();
    renderPage();
    const guide = screen.getByRole("region", { name: "Size guide" });
    expect(within(guide).getByText("Our suits are for children from 3 years. Choose the size by your child's weight.")).toBeTruthy();
    const rows = within(guide).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(["Size", "Weight (kg)", "Age (years)"]);
    expect(rows[3]).toEqual(["M", "18–22", "5–6"]);
    expect(rows.at(-1)).toEqual(["3XL", "35–40", "10–12"]);
  });

  test("'my child weighs 20 kg' suggests M; choosing it picks and focuses M", () => {
    shopApi();
    renderPage();
    fireEvent.change(screen.getByLabelText("My child weighs (kg)"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Find the size" }));
    expect(screen.getByText("Size M fits best.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Choose size M" }));
    const medium = screen.getByRole("radio", { name: "M" }) as HTMLInputElement;
    expect(medium.checked).toBe(true);
    expect(document.activeElement).toBe(medium);
  });

  test("a weight outside the guide says so; text that is no weight asks for one", () => {
    shopApi();
    renderPage();
    const weigh = (value: string) => {
      fireEvent.change(screen.getByLabelText("My child weighs (kg)"), { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Find the size" }));
      return document.querySelector(".weight-helper__answer")?.textContent;
    };
    expect(weigh("10")).toBe("Our smallest size, XS, is made for children from 12 kg. Our suits are for children from 3 years.");
    expect(weigh("45")).toBe("Our largest size, 3XL, goes up to 40 kg.");
    expect(weigh("heavy")).toBe("Please enter a weight in kilograms, for example 18.");
    expect(screen.queryByRole("button", { name: /Choose size/ })).toBeNull();
  });

  test("speaks the page's language, prices included", () => {
    shopApi();
    renderPage(productFixture(), "nl");
    expect(screen.getByText("Kies je kleur en maat")).toBeTruthy();
    expect(plain(document.querySelector(".product-page__price")?.textContent)).toBe("vanaf € 49,95");
    expect(screen.getByRole("button", { name: "In winkelmand" })).toBeTruthy();
  });

  test("the cart's feedback card has its place right after the add button, before anything else one can tab to", () => {
    shopApi();
    renderPage();
    const slot = screen.getByRole("status", { name: "Cart messages" });
    const following = [...document.querySelectorAll("a[href], button, input, [role=status][aria-label]")].filter(
      (element) => addButton().compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(following[0]).toBe(slot);
  });
});
