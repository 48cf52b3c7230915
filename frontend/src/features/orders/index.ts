import { lazy } from "react";
// With the app's CSS (the account page is published as HTML); only the code below loads lazily.
import "./orders.css";

export { isOrderRoute, ORDER_ROUTES } from "./routes";
export type { OrderRouteName } from "./routes";

/** The order-payment and order screens: one chunk of their own, loaded only when opened. */
export const OrderScreen = lazy(() => import("./components/order-screen").then((module) => ({ default: module.OrderScreen })));
/** The account page's orders (its order-item block). */
export const OrdersBlock = lazy(() => import("./components/orders-block").then((module) => ({ default: module.OrdersBlock })));
