import { lazy } from "react";
import { ensureAccountTexts } from "../../lib/i18n";
// With the app's CSS (the account page is published as HTML); only the code below loads lazily.
import "./orders.css";

export { isOrderRoute, ORDER_ROUTES } from "./routes";
export type { OrderRouteName } from "./routes";

/** The order-payment and order screens: one chunk of their own, loaded only when opened. */
export const OrderScreen = lazy(() => Promise.all([import("./components/order-screen"), ensureAccountTexts()]).then(([module]) => ({ default: module.OrderScreen })));
/** The account page's orders (its order-item block). */
export const OrdersBlock = lazy(() => Promise.all([import("./components/orders-block"), ensureAccountTexts()]).then(([module]) => ({ default: module.OrdersBlock })));
