/** Orders as the API answers them, for the order screens' tests (imported by *.test.tsx only). */
import type { Order, OrderSummary } from "../features/orders/types";

export const SLUG = "Zt0cQm4sX9yqk8fJ2vR7nB1wL5hD3gP6aE0uK9oTi2M";

export function orderFixture(overrides: Partial<Order> = {}): Order {
  const address = { street: "Keizersgracht", housenumber: "12", addition: "A", additionalInfo: null, postalCode: "1015 CS", city: "Amsterdam", country: "nl" as const };
  return {
    orderNr: "SPL-7K3M-9QX2",
    slug: SLUG,
    locale: "en",
    createdAt: "2026-11-25T10:00:00Z",
    status: "awaiting_payment",
    paymentStatus: "open",
    customer: { firstname: "Eva", lastname: "de Vries", email: "eva@example.com" },
    shippingAddress: address,
    billingAddress: address,
    lines: [
      {
        variantId: 13,
        sku: "SPL-FS-BLUE-M",
        productType: "physical",
        title: "Splash float suit",
        variantLabel: "Blue, M",
        options: [{ key: "name", value: "Mila" }],
        quantity: 2,
        unitPrice: 4995,
        lineTotal: 9990,
        vatRate: 21,
        vat: 1734,
      },
    ],
    subtotal: 9990,
    shipping: 395,
    vatRate: 21,
    vatCountry: "nl",
    shippingVat: 69,
    vat: 1803,
    total: 10385,
    currency: "EUR",
    amountRefunded: 0,
    amountChargedBack: 0,
    flagged: null,
    bankTransfer: null,
    canPay: false,
    invoiceUrl: null,
    lessonsPath: null,
    ...overrides,
  };
}

export function summaryFixture(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return { orderNr: "SPL-7K3M-9QX2", slug: SLUG, createdAt: "2026-11-25T10:00:00Z", status: "paid", paymentStatus: "paid", total: 10385, currency: "EUR", lineCount: 1, ...overrides };
}
