import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test, vi } from "vitest";
import { ApiError, type ApiClient } from "../lib/api";
import { createI18n, formatPrice } from "../lib/i18n";
import shopEnglish from "../locales/en.json";
import { listCustomers, type Entitlement } from "./customers-api";
import english from "./locales/en.json";
import { whyOwned } from "./screens/customer";
import { grantErrors } from "./screens/customer-lessons";
import { eraseErrors, exportFileName, isErased } from "./screens/customer-privacy";
import { customerQueryOf, customerSearchOf } from "./screens/customers";
import { figureLinks, periodOf } from "./screens/dashboard";
import { bars, dayLabel, niceCeiling, RevenueChart, summarise } from "./screens/revenue-chart";
import { adjustErrors, parseChange, StockEditor } from "./screens/stock-editor";
import { SessionContext } from "./session";
import type { StockRow } from "./stock-api";

const i18n = () => createI18n("en", { ...shopEnglish, studio: english });
const t = i18n().t;

function apiError(status: number, message: string, errors?: { path: string[]; message: string }[]) {
  return new ApiError({ data: null, error: { status, name: "Error", message, details: errors ? { errors: errors.map((entry) => ({ ...entry, name: "ValidationError" })) } : {} } });
}

function fakeClient(request: ApiClient["request"]): ApiClient {
  const unused = () => Promise.reject(new Error("not used"));
  return { request, find: unused, findOne: unused, create: unused, update: unused, delete: unused };
}

function inStudio(children: ReactNode, client: ApiClient) {
  const session = { client, me: null, setMe: () => undefined, leave: async () => undefined, signedOut: false };
  return render(
    <I18nextProvider i18n={i18n()}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </I18nextProvider>,
  );
}

describe("the revenue chart's scale", () => {
  test("the top of the scale is the next round number at or above the best day", () => {
    expect(niceCeiling(0)).toBe(0);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(4995)).toBe(5000);
    expect(niceCeiling(5001)).toBe(10000);
    expect(niceCeiling(12_000)).toBe(20_000);
    expect(niceCeiling(100_000)).toBe(100_000);
  });

  test("bars are as high as their share of the top; a loss or nothing draws no bar, a little still shows", () => {
    const size = { width: 110, height: 120, top: 10, bottom: 10, left: 5, right: 5 }; // 100 high, 100 wide
    const { top, bars: drawn } = bars(
      [
        { day: "2026-11-27", revenueNet: 5000 },
        { day: "2026-11-28", revenueNet: -1200 },
        { day: "2026-11-29", revenueNet: 10 },
        { day: "2026-11-30", revenueNet: 2500 },
      ],
      size,
    );
    expect(top).toBe(5000);
    expect(drawn.map((bar) => bar.height)).toEqual([100, 0, 1, 50]);
    expect(drawn.map((bar) => bar.y)).toEqual([10, 110, 109, 60]);
    expect(drawn[0]?.x).toBeCloseTo(5 + (25 - 17.5) / 2);
    expect(drawn[3]?.x).toBeCloseTo(5 + 75 + (25 - 17.5) / 2);
    expect(drawn.every((bar) => bar.width === 17.5)).toBe(true);
  });

  test("a period without revenue has a zero scale and no bars, without dividing by zero", () => {
    const { top, bars: drawn } = bars([{ day: "2026-11-29", revenueNet: 0 }]);
    expect(top).toBe(0);
    expect(drawn[0]?.height).toBe(0);
    expect(Number.isFinite(drawn[0]?.y)).toBe(true);
  });

  test("the summary names the total, the best day and the days with sales", () => {
    const days = [
      { day: "2026-11-28", revenueNet: 4000 },
      { day: "2026-11-29", revenueNet: 0 },
      { day: "2026-11-30", revenueNet: 9000 },
    ];
    expect(summarise(days)).toEqual({ total: 13000, best: days[2], daysWithSales: 2 });
    expect(summarise([{ day: "2026-11-29", revenueNet: 0 }]).best).toBeNull();
    expect(dayLabel("2026-11-30", "en")).toBe("Nov 30");
    expect(dayLabel("2026-11-30", "nl")).toBe("30 nov");
  });

  test("the chart is one picture named by its summary, its values in a table for screen readers", () => {
    const days = [
      { day: "2026-11-29", revenueNet: 4995 },
      { day: "2026-11-30", revenueNet: 12000 },
    ];
    render(
      <I18nextProvider i18n={i18n()}>
        <RevenueChart days={days} />
      </I18nextProvider>,
    );
    const picture = screen.getByRole("img", {
      name: "Revenue per day (without VAT, less refunds) 2 days: €169.95 in total; best day Nov 30 with €120.00. 2 days with sales.",
    });
    expect(picture.querySelectorAll("rect")).toHaveLength(2);
    expect(picture.querySelector("title")?.textContent).toBe(`Nov 29: ${formatPrice(4995, "en")}`);
    const table = screen.getByRole("table", { name: "Revenue per day" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual(["DayRevenue", "Nov 29€49.95", "Nov 30€120.00"]);
  });
});

test("one day with sales is named in the singular, a period without revenue says so", () => {
  const chart = (days: { day: string; revenueNet: number }[]) =>
    render(
      <I18nextProvider i18n={i18n()}>
        <RevenueChart days={days} />
      </I18nextProvider>,
    );
  const { unmount } = chart([
    { day: "2026-11-29", revenueNet: 0 },
    { day: "2026-11-30", revenueNet: 500 },
  ]);
  expect(screen.getByRole("img").getAttribute("aria-labelledby")).toBeTruthy();
  expect(screen.getByText("2 days: €5.00 in total; best day Nov 30 with €5.00. 1 day with sales.")).toBeTruthy();
  unmount();
  chart([{ day: "2026-11-30", revenueNet: 0 }]);
  expect(screen.getByRole("img", { name: "Revenue per day (without VAT, less refunds) No revenue on this day." })).toBeTruthy();
});

describe("the dashboard's address and links", () => {
  test("the period comes from the address; anything else is today", () => {
    expect(periodOf(new URLSearchParams("period=7d"))).toBe("7d");
    expect(periodOf(new URLSearchParams("period=30d"))).toBe("30d");
    expect(periodOf(new URLSearchParams("period=365d"))).toBe("today");
    expect(periodOf(new URLSearchParams(""))).toBe("today");
  });

  test("figures link to the orders inbox and the low stock only for members who may open them", () => {
    expect(figureLinks(() => true)).toEqual({ toShip: "/studio/orders?box=to_ship", problems: "/studio/orders?box=problems", lowStock: "/studio/stock?low=true" });
    expect(figureLinks((permission) => permission === "stock")).toEqual({ toShip: null, problems: null, lowStock: "/studio/stock?low=true" });
  });
});

describe("the customer list's address", () => {
  test("the address gives the search, the sort and the page; nonsense falls back to the defaults", () => {
    expect(customerQueryOf(new URLSearchParams("q=%20anna%40example.com%20&sort=email&page=3"))).toEqual({ q: "anna@example.com", sort: "email", page: 3 });
    expect(customerQueryOf(new URLSearchParams("sort=planet&page=-2"))).toEqual({ q: "", sort: "-created", page: 1 });
    expect(customerQueryOf(new URLSearchParams("page=1.5")).page).toBe(1);
  });

  test("a query becomes an address without its defaults, and reads back the same", () => {
    expect(customerSearchOf({ q: "", sort: "-created", page: 1 })).toBe("/studio/customers");
    const query = { q: "1016 GV", sort: "-name", page: 2 };
    const address = customerSearchOf(query);
    expect(address).toBe("/studio/customers?q=1016+GV&sort=-name&page=2");
    expect(customerQueryOf(new URLSearchParams(address.split("?")[1]))).toEqual(query);
  });

  test("the API is asked without an empty search or the default sort", async () => {
    const request = vi.fn().mockResolvedValue({ data: [], meta: { page: 1, pageSize: 50, total: 0 } });
    await listCustomers(fakeClient(request), { q: "  ", sort: "-created", page: 1 });
    await listCustomers(fakeClient(request), { q: " bram ", sort: "email", page: 2 }, 10);
    expect(request.mock.calls).toEqual([
      ["GET", "/customers", { query: { page: 1, pageSize: 50 } }],
      ["GET", "/customers", { query: { page: 2, pageSize: 10, q: "bram", sort: "email" } }],
    ]);
  });
});

describe("a customer's lessons and privacy", () => {
  const entitlement = (overrides: Partial<Entitlement>): Entitlement => ({
    id: 1,
    lesson: "level-1-lesson-2",
    level: "level-1",
    course: "swimming",
    source: "purchase",
    order: "SPL-2026-0001",
    grantedBy: null,
    reason: null,
    grantedAt: "2026-11-29T09:00:00Z",
    ...overrides,
  });

  test("why a lesson is owned: bought, free with a suit, granted by whom and why", () => {
    expect(t(...args(whyOwned(entitlement({}))))).toBe("Bought (order SPL-2026-0001)");
    expect(t(...args(whyOwned(entitlement({ source: "suit_gift" }))))).toBe("Free with a float suit (order SPL-2026-0001)");
    expect(t(...args(whyOwned(entitlement({ source: "granted", order: null, grantedBy: "Owner", reason: "Sick day" }))))).toBe("Granted by Owner: Sick day");
    expect(t(...args(whyOwned(entitlement({ source: "granted", order: null, reason: "Goodwill" }))))).toBe("Granted by a former staff member: Goodwill");
  });

  test("the grant's refusals land at the key or the reason; a 409 is the form's", () => {
    expect(grantErrors(apiError(400, "No lesson with that key", [{ path: ["lesson"], message: "No lesson with that key" }]), t)).toEqual({
      fields: { key: "There is no lesson, level or course with this key." },
    });
    expect(grantErrors(apiError(400, "bad", [{ path: ["reason"], message: "reason is too short" }]), t)).toEqual({ fields: { reason: "reason is too short" } });
    expect(grantErrors(apiError(409, "Staff granted every one of those lessons already"), t)).toEqual({ form: "They hold every one of those lessons already." });
    expect(grantErrors(apiError(500, "boom"), t)).toBeNull();
  });

  test("an erasure confirmed with another address is refused at the confirmation, in the member's language", () => {
    expect(eraseErrors(apiError(400, "Type the customer's e-mail address to confirm", [{ path: ["confirm"], message: "Type the customer's e-mail address to confirm" }]), t)).toEqual({
      fields: { confirm: "This is not the customer's e-mail address." },
    });
    expect(eraseErrors(apiError(409, "This customer is erased already"), t)).toEqual({ form: "This customer was erased already." });
    expect(eraseErrors(apiError(500, "boom"), t)).toBeNull();
  });

  test("the export's file is named as the server names it; an erased account is recognised", () => {
    expect(exportFileName(42)).toBe("splash-customer-42.json");
    const customer = { id: 42, email: "erased-42@erased.invalid", firstname: null, lastname: null, locale: "nl", provider: "local", confirmed: true, blocked: true, createdAt: "" };
    expect(isErased(customer)).toBe(true);
    expect(isErased({ ...customer, email: "anna@example.com" })).toBe(false);
  });
});

const args = (why: { key: string; values: Record<string, string> }) => [why.key, why.values] as const;

describe("stock changes", () => {
  const row: StockRow = {
    variantId: 7,
    product: "float-suit",
    title: "Float suit",
    colour: "Blue",
    size: "M",
    sku: "SPL-FS-BLUE-M",
    active: true,
    onHand: 10,
    reserved: 4,
    available: 6,
    lowStockThreshold: 3,
    low: false,
  };

  test("a change is a whole number with its sign", () => {
    expect(parseChange("+12")).toBe(12);
    expect(parseChange(" -3 ")).toBe(-3);
    expect(parseChange("5")).toBe(5);
    expect(parseChange("1.5")).toBeNull();
    expect(parseChange("ten")).toBeNull();
  });

  test("counting out below what unpaid orders reserve (409) is the change field's error, naming the numbers", () => {
    expect(adjustErrors(apiError(409, "Only 6 can be counted out"), row, t)).toEqual({
      fields: { change: "That goes below what unpaid orders reserve (4): at most 6 can be counted out." },
    });
    expect(adjustErrors(apiError(400, "bad"), row, t)).toBeNull();
  });

  test("the server's 409 shows at the field; a valid count sends the signed number and the reason", async () => {
    const request = vi.fn().mockRejectedValueOnce(apiError(409, "Only 6 can be counted out")).mockResolvedValueOnce({ data: { ...row, onHand: 22, available: 18 } });
    const changed = vi.fn();
    inStudio(<StockEditor row={row} name="Float suit · Blue · M" onChanged={changed} onClose={() => undefined} />, fakeClient(request));
    const adjust = within(screen.getByRole("button", { name: "Save the count" }).closest("form") as HTMLElement);
    fireEvent.change(adjust.getByLabelText(/Units/), { target: { value: "-7" } });
    fireEvent.change(adjust.getByLabelText(/Reason/), { target: { value: "Damaged in the shop" } });
    fireEvent.click(adjust.getByRole("button", { name: "Save the count" }));
    await waitFor(() => expect(adjust.getAllByText(/at most 6 can be counted out/).length).toBeGreaterThan(0));
    expect(request).toHaveBeenCalledWith("POST", "/stock/7/adjustments", { body: { change: -7, reason: "Damaged in the shop" } });

    fireEvent.change(adjust.getByLabelText(/Units/), { target: { value: "+12" } });
    fireEvent.click(adjust.getByRole("button", { name: "Save the count" }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(request).toHaveBeenLastCalledWith("POST", "/stock/7/adjustments", { body: { change: 12, reason: "Damaged in the shop" } });
    expect(changed.mock.calls[0]?.[1]).toBe("Float suit · Blue · M: 22 on hand, 18 available.");
  });

  test("a change of 0 or a fraction is refused in the browser, before any call", async () => {
    const request = vi.fn();
    inStudio(<StockEditor row={row} name="Float suit" onChanged={() => undefined} onClose={() => undefined} />, fakeClient(request));
    const adjust = within(screen.getByRole("button", { name: "Save the count" }).closest("form") as HTMLElement);
    fireEvent.change(adjust.getByLabelText(/Units/), { target: { value: "0" } });
    fireEvent.change(adjust.getByLabelText(/Reason/), { target: { value: "Counted" } });
    fireEvent.click(adjust.getByRole("button", { name: "Save the count" }));
    await waitFor(() => expect(adjust.getAllByText("Type a number other than 0.").length).toBeGreaterThan(0));
    fireEvent.change(adjust.getByLabelText(/Units/), { target: { value: "1.5" } });
    fireEvent.click(adjust.getByRole("button", { name: "Save the count" }));
    await waitFor(() => expect(adjust.getAllByText("Type a whole number, e.g. 5 or -2.").length).toBeGreaterThan(0));
    expect(request).not.toHaveBeenCalled();
  });
});
