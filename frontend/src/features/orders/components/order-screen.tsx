import type { ReactNode } from "react";
import type { OrderRouteName } from "../routes";
import { OrderDetailScreen } from "./order-detail-screen";
import { OrderPaymentScreen } from "./order-payment-screen";

/** The order screen of a route (contracts/routes.json names them); `notFound` is the app's 404 screen. */
export function OrderScreen({ name, notFound }: { name: OrderRouteName; notFound: ReactNode }) {
  return name === "order" ? <OrderDetailScreen notFound={notFound} /> : <OrderPaymentScreen notFound={notFound} />;
}
