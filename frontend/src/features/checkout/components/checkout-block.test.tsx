import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { addressFixture, failure, signedInStore, userFixture, type Reply } from "../../../testing/auth";
import { REDIRECT_COOKIE } from "../../../lib/auth";
import { CaptchaProvider, resetRecaptcha } from "../../../lib/captcha";
import type { Grecaptcha } from "../../../lib/captcha/recaptcha";
import { createCartStore, type CartLine } from "../../../lib/cart";
import { renderWithCart, resetCartTestState, setCartCookie } from "../../../testing/cart";
import { readCookie } from "../../../lib/cookies";
import type { Locale } from "../../../lib/i18n";
import { CHECKOUT_URL, checkoutApi, CREATED, fillPersonal, fillShipping, next, priced, type, watchLeaving } from "../../../testing/checkout";
import { CheckoutBlock } from "./checkout-block";
import { useLocation, useNavigate } from "react-router";

const LINES: CartLine[] = [{ variantId: 13, quantity: 2, options: [{ key: "name", value: "Mila" }] }];
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

function renderCheckout({ locale = "en", store, siteKey = null }: { locale?: Locale; store?: Awaited<ReturnType<typeof signedInStore>>; siteKey?: string | null } = {}) {
  setCartCookie(LINES);
  const block = (
    <CaptchaProvider siteKey={siteKey}>
      <CheckoutBlock />
    </CaptchaProvider>
  );
  return renderWithCart(block, { path: locale === "nl" ? "/afrekenen" : "/checkout", locale, store, cart: createCartStore() });
}

type CaptchaWindow = Window & { grecaptcha?: Grecaptcha };
const RECAPTCHA_SCRIPTS = 'script[src^="https://www.google.com/recaptcha/"]';
const recaptchaScripts = () => [...document.querySelectorAll<HTMLScriptElement>(RECAPTCHA_SCRIPTS)];

/** Google's script, as loaded: each execute answers the next of `tokens`. */
function installRecaptcha(...tokens: string[]) {
  const grecaptcha = { ready: vi.fn((callback: () => void) => callback()), execute: vi.fn(() => Promise.resolve(tokens.shift() ?? "no-more-tokens")) };
  (window as CaptchaWindow).grecaptcha = grecaptcha;
  return grecaptcha;
}

async function toSummary() {
  await fillPersonal();
  await fillShipping();
  await screen.findByRole("heading", { level: 2, name: "Check and pay" });
  await priced();
}

const pay = () => screen.getByRole("button", { name: "Proceed to payment" });
const alertText = () => plain(document.querySelector(".checkout-problem")?.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  resetCartTestState();
  // An error on each script stops its polling, so no load outlives its test.
  for (const script of recaptchaScripts()) {
    script.dispatchEvent(new Event("error"));
    script.remove();
  }
  resetRecaptcha();
  delete (window as CaptchaWindow).grecaptcha;
});

describe("CheckoutBlock: an empty cart", () => {
  test("shows the cart's empty state and the way to the shop", async () => {
    checkoutApi();
    renderWithCart(<CheckoutBlock />, { path: "/checkout" });
    expect(await screen.findByText("Your cart is empty. Add products.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "To the shop" }).getAttribute("href")).toBe("/shop");
  });
});

describe("CheckoutBlock: a guest checks out", () => {
  test("personal details, shipping address, summary, then the order is placed and the browser leaves for the payment page", async () => {
    // given
    const server = checkoutApi();
    const leaving = watchLeaving();
    const { cart } = renderCheckout();
    // when
    await toSummary();
    // then: the summary shows what is ordered and what it costs, from the server's quote for the Netherlands
    const order = screen.getByRole("region", { name: "Your order" });
    expect(plain(within(order).getByText(/2 × Splash float suit – Blue, M/).textContent)).toBe("2 × Splash float suit – Blue, Mname: Mila");
    // (the quote for the chosen country may follow one asked for before the country was known)
    await waitFor(() => expect(plain(screen.getByTestId("checkout-shipping").textContent)).toBe("€3.95"));
    expect(plain(screen.getByTestId("checkout-subtotal").textContent)).toBe("€99.90");
    expect(plain(screen.getByTestId("checkout-total").textContent)).toBe("€103.85");
    expect(plain(screen.getByTestId("checkout-vat").textContent)).toBe("€17.34");
    expect(screen.getByText("Including 21% VAT")).toBeTruthy();
    expect(screen.getByText(/Keizersgracht 12 A/)).toBeTruthy();
    expect(screen.getByText("Same as the shipping address")).toBeTruthy();
    expect(screen.getByRole("link", { name: "privacy policy" }).getAttribute("href")).toBe("/privacy-policy");
    expect(screen.getByRole("link", { name: "terms and conditions" }).getAttribute("href")).toBe("/terms-and-conditions");
    expect(plain(document.querySelector(".checkout-consent")?.textContent)).toBe("By placing the order you agree to the privacy policy and the terms and conditions.");
    // when
    await act(async () => {
      fireEvent.click(pay());
    });
    // then: one order with exactly the draft (no price, total or status), an idempotency key and the return page
    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    const [call, ...more] = server.callsTo("POST /orders");
    expect(more).toEqual([]);
    expect(call?.body).toEqual({
      data: {
        user: { firstname: "Eva", lastname: "de Vries", email: "eva@example.com" },
        locale: "en",
        cart: { items: LINES },
        shipping: {
          country: "nl",
          address: { street: "Keizersgracht", housenumber: "12", addition: "A", additionalInfo: null, postalCode: "1015 CS", city: "Amsterdam", country: "nl" },
        },
        billing: null,
        consent: true,
      },
      returnUrl: `${window.location.origin}/order-payment`,
    });
    expect(call?.headers["Idempotency-Key"]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // the cart stays until the order is paid or waits for its payment
    expect(cart.getState().lines).toEqual(LINES);
    // and the button waits, disabled, while the browser leaves
    expect(screen.getByRole("button", { name: "One moment, on to the payment…" }).hasAttribute("disabled")).toBe(true);
  });

  test("each step names its missing fields with the spec's required messages", async () => {
    checkoutApi();
    renderCheckout();
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    await next();
    expect(await screen.findByText("First name is required.")).toBeTruthy();
    expect(screen.getByText("Last name is required.")).toBeTruthy();
    expect(screen.getByText("Email address is required.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("First name"));
    type("First name", "Eva");
    type("Last name", "de Vries");
    type("Email address", "eva@example.com");
    await next();
    await screen.findByRole("heading", { level: 2, name: "Shipping address" });
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), { target: { value: "" } });
    await next();
    for (const message of ["Street is required.", "House number is required.", "Postal code is required.", "City is required.", "Country is required."]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  test("in Dutch the steps, the required messages and the shipping costs per country are Dutch", async () => {
    checkoutApi();
    renderCheckout({ locale: "nl" });
    expect(await screen.findByRole("heading", { level: 2, name: "Je gegevens" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    expect(await screen.findByText("Voornaam is verplicht.")).toBeTruthy();
    type("Voornaam", "Eva");
    type("Achternaam", "de Vries");
    type("E-mailadres", "eva@example.com");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    expect(await screen.findByRole("heading", { level: 2, name: "Verzendadres" })).toBeTruthy();
    const options = () => screen.getAllByRole("option").map((option) => plain(option.textContent));
    await waitFor(() => expect(options()).toContain("Duitsland – verzending € 6,95"));
    expect(options()).toEqual(["Kies…", "Nederland – verzending € 3,95", "Duitsland – verzending € 6,95", "Frankrijk – verzending € 7,95", "Spanje – verzending € 8,95", "Zweden – verzending € 9,95"]);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    expect(await screen.findByText("Straat is verplicht.")).toBeTruthy();
  });

  test("focus moves to the heading of each new step", async () => {
    checkoutApi();
    renderCheckout();
    await fillPersonal();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Shipping address" })));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Your details" })));
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Eva");
  });

  test("'bill to another address' adds the billing step, and the order carries that address", async () => {
    const server = checkoutApi();
    watchLeaving();
    renderCheckout();
    await fillPersonal();
    fireEvent.click(screen.getByRole("checkbox", { name: "Bill to another address" }));
    await fillShipping();
    expect(await screen.findByRole("heading", { level: 2, name: "Billing address" })).toBeTruthy();
    expect(screen.getByText("Step 3 of 4")).toBeTruthy();
    type("Street", "Damrak");
    type("House number", "1");
    type("Postal code", "1012 LG");
    type("City", "Amsterdam");
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), { target: { value: "nl" } });
    await next();
    await screen.findByRole("heading", { level: 2, name: "Check and pay" });
    await priced();
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(server.callsTo("POST /orders")).toHaveLength(1));
    expect((server.callsTo("POST /orders")[0]?.body as { data: { billing: unknown } }).data.billing).toEqual({
      address: { street: "Damrak", housenumber: "1", addition: null, additionalInfo: null, postalCode: "1012 LG", city: "Amsterdam", country: "nl" },
    });
  });
});

describe("CheckoutBlock: headings and field groups", () => {
  /** The step's heading, and the legends of its field groups. */
  function headingAndLegends() {
    const heading = screen.getByRole("heading", { level: 2 });
    const legends = [...document.querySelectorAll(".block-checkout legend")].map((legend) => legend.textContent?.trim());
    return { heading: heading.textContent?.trim(), legends };
  }

  test("no step repeats its heading in a legend under it; the heading names the step's fields instead", async () => {
    checkoutApi();
    renderCheckout();
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    const seen: string[] = [];
    const check = () => {
      const { heading, legends } = headingAndLegends();
      seen.push(heading ?? "");
      expect(legends).not.toContain(heading);
      if (heading !== "Check and pay") expect(screen.getByRole("group", { name: heading })).toBeTruthy();
    };
    check();
    type("First name", "Eva");
    type("Last name", "de Vries");
    type("Email address", "eva@example.com");
    await next();
    await screen.findByRole("heading", { level: 2, name: "Shipping address" });
    check();
    fireEvent.click(screen.getByRole("checkbox", { name: "Bill to another address" }));
    await fillShipping();
    await screen.findByRole("heading", { level: 2, name: "Billing address" });
    check();
    type("Street", "Prinsengracht");
    type("House number", "3");
    type("Postal code", "1015 DV");
    type("City", "Amsterdam");
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), { target: { value: "nl" } });
    await next();
    await screen.findByRole("heading", { level: 2, name: "Check and pay" });
    check();
    expect(seen).toEqual(["Your details", "Shipping address", "Billing address", "Check and pay"]);
  });
});

describe("CheckoutBlock: placing the order once", () => {
  test("a double click sends one order and the button waits, disabled, while it is placed", async () => {
    // given: an answer that has not come yet
    let answer: (reply: Reply) => void = () => undefined;
    const server = checkoutApi(() => new Promise<Reply>((resolve) => (answer = resolve)));
    const leaving = watchLeaving();
    renderCheckout();
    await toSummary();
    // when
    await act(async () => {
      fireEvent.click(pay());
      fireEvent.click(pay());
    });
    // then
    const button = screen.getByRole("button", { name: "One moment, on to the payment…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    fireEvent.click(button);
    expect(server.callsTo("POST /orders")).toHaveLength(1);
    await act(async () => answer({ status: 201, body: CREATED }));
    await waitFor(() => expect(leaving).toHaveBeenCalledTimes(1));
  });

  test("a retry after the payment service was down sends the same key, so the server makes no second order", async () => {
    const replies: Reply[] = [failure(503, {}, "ServiceUnavailableError"), { status: 201, body: CREATED }];
    const server = checkoutApi(() => replies.shift() as Reply);
    const leaving = watchLeaving();
    renderCheckout();
    await toSummary();
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(alertText()).toBe("We cannot reach the payment service just now. Your order has not been placed yet: please try again in a moment.Try again"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    const [first, second] = server.callsTo("POST /orders");
    expect(second?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"]);
    expect(second?.body).toEqual(first?.body);
  });

  test("too many orders (a 429) says so, with the minutes to wait", async () => {
    checkoutApi(() => failure(429, { code: "too_many_orders", retryAfter: 1740 }, "RateLimitError"));
    renderCheckout();
    await toSummary();
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() =>
      expect(alertText()).toBe(
        "You have placed several orders in a short while, or some are still waiting for their payment. Please pay an earlier order from its order page, or try again in 29 min.",
      ),
    );
  });

  test("a changed draft is a new attempt with a new key", async () => {
    const replies: Reply[] = [failure(503, {}, "ServiceUnavailableError"), { status: 201, body: CREATED }];
    const server = checkoutApi(() => replies.shift() as Reply);
    watchLeaving();
    renderCheckout();
    await toSummary();
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(alertText()).not.toBe(""));
    fireEvent.click(screen.getByRole("button", { name: "Change Your details" }));
    type("First name", "Evi");
    await next();
    await next();
    await screen.findByRole("heading", { level: 2, name: "Check and pay" });
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(server.callsTo("POST /orders")).toHaveLength(2));
    const [first, second] = server.callsTo("POST /orders");
    expect(second?.headers["Idempotency-Key"]).not.toBe(first?.headers["Idempotency-Key"]);
  });
});

/** The browser's Back and Forward buttons, and the URL's fragment (the router's history in the tests). */
function BrowserButtons() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
      <button type="button" onClick={() => void navigate({ hash: "#main" })}>
        Skip to content
      </button>
      <output data-testid="hash">{hash}</output>
    </>
  );
}

function renderCheckoutWithHistory() {
  setCartCookie(LINES);
  const block = (
    <CaptchaProvider siteKey={null}>
      <CheckoutBlock />
      <BrowserButtons />
    </CaptchaProvider>
  );
  return renderWithCart(block, { path: "/checkout", cart: createCartStore() });
}

const press = (name: string) => act(async () => void fireEvent.click(screen.getByRole("button", { name })));
const browser = (button: "back" | "forward") => press(`Browser ${button}`);
const shownHash = () => screen.getByTestId("hash").textContent;

describe("CheckoutBlock: the browser's history", () => {
  test("each step is an entry of its own: Back goes to the step before, with what was typed; Forward comes back", async () => {
    // given: arrived on the first step, then on to the second
    checkoutApi();
    renderCheckoutWithHistory();
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    await waitFor(() => expect(shownHash()).toBe("#personal"));
    await fillPersonal();
    expect(shownHash()).toBe("#shipping");
    type("Street", "Keizersgracht");
    // when
    await browser("back");
    // then
    expect(await screen.findByRole("heading", { level: 2, name: "Your details" })).toBeTruthy();
    expect(shownHash()).toBe("#personal");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Eva");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Your details" })));
    // when
    await browser("forward");
    // then
    expect(await screen.findByRole("heading", { level: 2, name: "Shipping address" })).toBeTruthy();
    expect((screen.getByLabelText("Street") as HTMLInputElement).value).toBe("Keizersgracht");
    expect(JSON.parse(window.sessionStorage.getItem("splash:checkout") ?? "{}")).toMatchObject({ step: "shipping" });
  });

  test("arriving adds no entry: Back from the first step leaves the checkout's history", async () => {
    checkoutApi();
    renderCheckoutWithHistory();
    await screen.findByRole("heading", { level: 2, name: "Your details" });
    await waitFor(() => expect(shownHash()).toBe("#personal"));
    await browser("back");
    expect(shownHash()).toBe("#personal"); // the one entry the test's history holds
    expect(screen.getByRole("heading", { level: 2, name: "Your details" })).toBeTruthy();
  });

  test("a fragment that names no step (the skip link's #main) leaves the step alone", async () => {
    checkoutApi();
    renderCheckoutWithHistory();
    await fillPersonal();
    await press("Skip to content");
    expect(shownHash()).toBe("#main");
    expect(screen.getByRole("heading", { level: 2, name: "Shipping address" })).toBeTruthy();
    await browser("back");
    expect(shownHash()).toBe("#shipping");
    expect(screen.getByRole("heading", { level: 2, name: "Shipping address" })).toBeTruthy();
    await browser("back");
    expect(await screen.findByRole("heading", { level: 2, name: "Your details" })).toBeTruthy();
  });
});

describe("CheckoutBlock: a reload", () => {
  test("finds the step and what was typed, and the draft holds no price", async () => {
    // given: the shipping step, half filled in
    checkoutApi();
    renderCheckout();
    await fillPersonal();
    type("Street", "Keizersgracht");
    cleanup();
    // when: the page is loaded again
    renderCheckout();
    // then
    expect(await screen.findByRole("heading", { level: 2, name: "Shipping address" })).toBeTruthy();
    expect((screen.getByLabelText("Street") as HTMLInputElement).value).toBe("Keizersgracht");
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect((await screen.findByLabelText("Email address") as HTMLInputElement).value).toBe("eva@example.com");
    const stored = window.sessionStorage.getItem("splash:checkout") ?? "";
    expect(stored).toContain("Keizersgracht");
    expect(stored).not.toMatch(/4995|9990|395|price|total/i);
  });

  test("after a reload on the summary, the retry still sends the first attempt's key", async () => {
    const replies: Reply[] = [failure(503, {}, "ServiceUnavailableError"), { status: 201, body: CREATED }];
    const server = checkoutApi(() => replies.shift() as Reply);
    watchLeaving();
    renderCheckout();
    await toSummary();
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(alertText()).not.toBe(""));
    cleanup();
    renderCheckout();
    await screen.findByRole("heading", { level: 2, name: "Check and pay" });
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(server.callsTo("POST /orders")).toHaveLength(2));
    const [first, second] = server.callsTo("POST /orders");
    expect(second?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"]);
  });
});

describe("CheckoutBlock: the server refuses", () => {
  test("an e-mail address with an account: what it bought waits there; log in (back to this checkout) or set the password", async () => {
    checkoutApi(() => failure(409, { code: "email_has_account" }, "ConflictError"));
    renderCheckout();
    await toSummary();
    await act(async () => {
      fireEvent.click(pay());
    });
    expect(
      await screen.findByText(
        "This email address may have been used for a previous order; anything bought with it is waiting in that account. Please log in, or set your password first if you ordered as a guest.",
      ),
    ).toBeTruthy();
    // A guest's earlier order made an account without a password: the link that sets one.
    expect(screen.getByRole("link", { name: "Set your password" }).getAttribute("href")).toBe("/forgot-password?first=1");
    const login = screen.getByRole("link", { name: "Log in" });
    expect(login.getAttribute("href")).toBe("/login");
    fireEvent.click(login);
    expect(readCookie(REDIRECT_COOKIE)).toBe("/checkout");
  });

  test("a line short of stock says how many are left in the summary, in the cart's words", async () => {
    checkoutApi(undefined, undefined, 1);
    renderCheckout();
    await toSummary();
    const order = screen.getByRole("region", { name: "Your order" });
    expect(within(order).getByText("Only 1 left").tagName).toBe("STRONG");
  });

  test("in Dutch the summary's stock words are the cart's Dutch ones", async () => {
    checkoutApi(undefined, undefined, 1);
    renderCheckout({ locale: "nl" });
    await screen.findByRole("heading", { level: 2, name: "Je gegevens" });
    type("Voornaam", "Eva");
    type("Achternaam", "de Vries");
    type("E-mailadres", "eva@example.com");
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Volgende" })));
    type("Straat", "Keizersgracht");
    type("Huisnummer", "12");
    type("Postcode", "1015 CS");
    type("Plaats", "Amsterdam");
    fireEvent.change(screen.getByRole("combobox", { name: "Land" }), { target: { value: "nl" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Volgende" })));
    expect(await screen.findByText("Nog maar 1 op voorraad")).toBeTruthy();
  });

  test("products that cannot be sold are named with how many are left, in the cart's words, with the way back to the cart", async () => {
    const refusal = { code: "product_unavailable", products: ["Splash float suit – Blue, M", "Splash float suit – Pink, S"], left: [1, 0], errors: [] };
    checkoutApi(() => failure(409, refusal, "ConflictError"));
    renderCheckout();
    await toSummary();
    await act(async () => {
      fireEvent.click(pay());
    });
    expect(await screen.findByText("Not everything in your cart can be ordered like this. Please adjust your cart.")).toBeTruthy();
    const products = within(document.querySelector(".checkout-problem") as HTMLElement).getAllByRole("listitem");
    expect(products.map((product) => product.textContent)).toEqual(["Splash float suit – Blue, M: Only 1 left", "Splash float suit – Pink, S: This product is (currently) unavailable"]);
    expect(screen.getByRole("link", { name: "Back to your cart" }).getAttribute("href")).toBe("/cart");
  });

  test("fields the server refused take the parent back to their step, worded in the parent's language", async () => {
    checkoutApi(() =>
      failure(400, {
        errors: [
          { path: ["data", "shipping", "address", "postalCode"], message: "String should match pattern", name: "ValidationError" },
          { path: ["data", "user", "email"], message: "value is not a valid email address", name: "ValidationError" },
        ],
      }),
    );
    renderCheckout({ locale: "nl" });
    await screen.findByRole("heading", { level: 2, name: "Je gegevens" });
    type("Voornaam", "Eva");
    type("Achternaam", "de Vries");
    type("E-mailadres", "eva@example.com");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    await screen.findByRole("heading", { level: 2, name: "Verzendadres" });
    type("Straat", "Keizersgracht");
    type("Huisnummer", "12");
    type("Postcode", "1015 CS");
    type("Plaats", "Amsterdam");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    await screen.findByRole("heading", { level: 2, name: "Controleren en betalen" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Verder naar betalen" }));
    });
    // the first step with a refused field, the field marked and focused, the message Dutch
    expect(await screen.findByRole("heading", { level: 2, name: "Je gegevens" })).toBeTruthy();
    const email = screen.getByLabelText("E-mailadres");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${email.id}-error`)?.textContent).toBe("Dit veld is niet geldig.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    const postalCode = await screen.findByLabelText("Postcode");
    expect(document.getElementById(`${postalCode.id}-error`)?.textContent).toBe("Dit veld is niet geldig.");
  });
});

describe("CheckoutBlock: the captcha", () => {
  const CAPTCHA_FAILED = "We could not verify that you are not a robot. Please try again.";
  const refusedToken = () => failure(400, { errors: [{ path: ["captchaToken"], message: CAPTCHA_FAILED, name: "ValidationError" }] });

  test("while it is on, the summary shows the notice and the order carries a token of the submit action", async () => {
    // given
    const grecaptcha = installRecaptcha("token-1");
    const server = checkoutApi();
    const leaving = watchLeaving();
    renderCheckout({ siteKey: "site-key-1" });
    await toSummary();
    // then: the script is loaded ahead, and the notice shown
    expect(recaptchaScripts().map((script) => script.src)).toEqual(["https://www.google.com/recaptcha/api.js?render=site-key-1"]);
    expect(document.querySelector(".captcha-notice")?.textContent).toBe("This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.");
    expect(grecaptcha.execute).not.toHaveBeenCalled();
    // when
    await act(async () => {
      fireEvent.click(pay());
    });
    // then
    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(grecaptcha.execute.mock.calls).toEqual([["site-key-1", { action: "submit" }]]);
    const [call, ...more] = server.callsTo("POST /orders");
    expect(more).toEqual([]);
    expect(call?.body).toMatchObject({ returnUrl: `${window.location.origin}/order-payment`, captchaToken: "token-1" });
    expect(Object.keys(call?.body as object)).toEqual(["data", "returnUrl", "captchaToken"]);
  });

  test("while it is off, there is no notice, no script and no token", async () => {
    const server = checkoutApi();
    watchLeaving();
    renderCheckout();
    await toSummary();
    expect(document.querySelector(".captcha-notice")).toBeNull();
    await act(async () => {
      fireEvent.click(pay());
    });
    await waitFor(() => expect(server.callsTo("POST /orders")).toHaveLength(1));
    expect(Object.keys(server.callsTo("POST /orders")[0]?.body as object)).toEqual(["data", "returnUrl"]);
    expect(recaptchaScripts()).toEqual([]);
  });

  test("a token the server refuses is worded in the parent's language; trying again sends a fresh token with the same key", async () => {
    // given: the server refuses the first token
    const grecaptcha = installRecaptcha("token-1", "token-2");
    const replies: Reply[] = [refusedToken(), { status: 201, body: CREATED }];
    const server = checkoutApi(() => replies.shift() as Reply);
    const leaving = watchLeaving();
    renderCheckout({ siteKey: "site-key-1" });
    await toSummary();
    // when
    await act(async () => {
      fireEvent.click(pay());
    });
    // then: the parent stays on the summary, told what happened
    await waitFor(() => expect(alertText()).toBe(`${CAPTCHA_FAILED}Try again`));
    expect(screen.getByRole("heading", { level: 2, name: "Check and pay" })).toBeTruthy();
    expect(leaving).not.toHaveBeenCalled();
    // when
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    // then
    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(grecaptcha.execute).toHaveBeenCalledTimes(2);
    const [first, second] = server.callsTo("POST /orders");
    expect([(first?.body as { captchaToken: string }).captchaToken, (second?.body as { captchaToken: string }).captchaToken]).toEqual(["token-1", "token-2"]);
    expect(second?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"]);
  });

  test("in Dutch a refused token is worded in Dutch", async () => {
    installRecaptcha("token-1");
    checkoutApi(refusedToken);
    renderCheckout({ locale: "nl", siteKey: "site-key-1" });
    await screen.findByRole("heading", { level: 2, name: "Je gegevens" });
    type("Voornaam", "Eva");
    type("Achternaam", "de Vries");
    type("E-mailadres", "eva@example.com");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    await screen.findByRole("heading", { level: 2, name: "Verzendadres" });
    type("Straat", "Keizersgracht");
    type("Huisnummer", "12");
    type("Postcode", "1015 CS");
    type("Plaats", "Amsterdam");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    });
    await screen.findByRole("heading", { level: 2, name: "Controleren en betalen" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Verder naar betalen" }));
    });
    await waitFor(() => expect(alertText()).toBe("We konden niet controleren of je geen robot bent. Probeer het opnieuw.Opnieuw proberen"));
  });

  test("when Google's script cannot load, no order is sent and the parent is told to try again", async () => {
    // given: no grecaptcha appears
    const server = checkoutApi();
    renderCheckout({ siteKey: "site-key-1" });
    await toSummary();
    // when
    await act(async () => {
      fireEvent.click(pay());
    });
    await act(async () => {
      for (const script of recaptchaScripts()) script.dispatchEvent(new Event("error"));
    });
    // then
    await waitFor(() => expect(alertText()).toBe(`${CAPTCHA_FAILED}Try again`));
    expect(server.callsTo("POST /orders")).toEqual([]);
    expect(screen.getByRole("button", { name: "Proceed to payment" }).hasAttribute("disabled")).toBe(false);
  });
});

describe("CheckoutBlock: a signed-in parent", () => {
  test("finds their details and first saved address filled in, and can choose another saved address", async () => {
    const user = userFixture({ addresses: [addressFixture(), addressFixture({ id: 4, street: "Hauptstraße", housenumber: "5", addition: null, postalCode: "10115", city: "Berlin", country: "de" })] });
    checkoutApi(undefined, user);
    renderCheckout({ store: await signedInStore() });
    expect(await screen.findByRole("heading", { level: 2, name: "Your details" })).toBeTruthy();
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Sanne");
    expect((screen.getByLabelText("Email address") as HTMLInputElement).value).toBe("ouder@example.com");
    await next();
    await screen.findByRole("heading", { level: 2, name: "Shipping address" });
    expect((screen.getByLabelText("Street") as HTMLInputElement).value).toBe("Kerkstraat");
    const saved = screen.getByRole("combobox", { name: "Use a saved address" }) as HTMLSelectElement;
    expect(saved.value).toBe("3");
    fireEvent.change(saved, { target: { value: "4" } });
    await waitFor(() => expect((screen.getByLabelText("Street") as HTMLInputElement).value).toBe("Hauptstraße"));
    expect((screen.getByRole("combobox", { name: /^Country/ }) as HTMLSelectElement).value).toBe("de");
    expect((screen.getByLabelText(/^Addition \(/) as HTMLInputElement).value).toBe("");
  });

  test("the e-mail field shows the account's address, read-only, even over a draft typed before signing in", async () => {
    const user = userFixture({ addresses: [addressFixture()] });
    checkoutApi(undefined, user);
    const typed = { step: "personal", values: { personal: { firstname: "Sanne", lastname: "Jansen", email: "someone.else@example.com" }, shipping: {}, billing: {} }, attempt: null, withdrawalWaived: false };
    window.sessionStorage.setItem("splash:checkout", JSON.stringify(typed));
    renderCheckout({ store: await signedInStore() });
    await screen.findByRole("heading", { level: 2, name: "Your details" });

    const email = screen.getByLabelText("Email address") as HTMLInputElement;
    expect(email.value).toBe("ouder@example.com");
    expect(email.readOnly).toBe(true);
    expect(screen.getByText("Orders go to your account's e-mail address. You can change it on your account page.")).toBeTruthy();
  });

  test("a guest's e-mail field can be typed in", async () => {
    checkoutApi();
    renderCheckout();
    await screen.findByRole("heading", { level: 2, name: "Your details" });

    expect((screen.getByLabelText("Email address") as HTMLInputElement).readOnly).toBe(false);
  });
});
