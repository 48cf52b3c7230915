/** Orders as the API answers them (contracts/orders-api.md). Money in cents (EUR). */
import type { UserAddress } from "../../lib/auth";
import type { CartOption } from "../../lib/cart";
import type { OrderStatus, PaymentStatus, ProductType, ShippingCountry } from "../../lib/vocabulary";

/** An address as the order keeps it: a saved address's fields without its id. */
export type OrderAddress = Omit<UserAddress, "id">;

export type OrderLine = {
  variantId: number;
  sku: string;
  productType: ProductType;
  title: string;
  variantLabel: string;
  options: CartOption[];
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  vatRate: number;
  vat: number;
};

/** Where to transfer the money when the parent chose a bank transfer. */
export type BankTransfer = { bankName: string; bankAccount: string; bankBic: string; transferReference: string };

/** Who carries a parcel (``other``: a courier without a tracking page of its own). */
export type Carrier = "postnl" | "dhl" | "dpd" | "ups" | "gls" | "bpost" | "other";

/** A parcel sent: its carrier, tracking number and the carrier's tracking page (none for some). */
export type Parcel = {
  shippedAt: string;
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { title: string; variantLabel: string; quantity: number }[];
};

/** GET /orders/{slug} (the slug is the capability) and GET /users/me/orders/{orderNr}. */
export type Order = {
  orderNr: string;
  slug: string;
  locale: string;
  createdAt: string;
  status: OrderStatus;
  /** The latest payment's; null before any. */
  paymentStatus: PaymentStatus | null;
  customer: { firstname: string; lastname: string; email: string };
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  lines: OrderLine[];
  subtotal: number;
  shipping: number;
  vatRate: number;
  vatCountry: ShippingCountry;
  shippingVat: number;
  vat: number;
  total: number;
  currency: "EUR";
  amountRefunded: number;
  amountChargedBack: number;
  flagged: "amount_mismatch" | null;
  bankTransfer: BankTransfer | null;
  /** A new payment may be started (not paid, no open payment in progress). */
  canPay: boolean;
  /** The printable invoice, once paid. */
  invoiceUrl: string | null;
  /** Where the lessons the order unlocked wait (on this domain), once paid; null when it unlocked none. */
  lessonsPath: string | null;
  /** The parcels sent so far, oldest first; left out until the first one leaves. */
  shipments?: Parcel[];
};

/** One line of GET /users/me/orders (newest first). */
export type OrderSummary = {
  orderNr: string;
  slug: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus | null;
  total: number;
  currency: "EUR";
  lineCount: number;
  /** As on the order; left out until the first parcel leaves. */
  shipments?: Parcel[];
};
