import { preloadable } from "../../lib/preloadable";
// With the app's CSS (the account page is published as HTML); only the code below loads lazily.
import "./orders.css";

export { isOrderRoute, ORDER_ROUTES } from "./routes";
export type { OrderRouteName } from "./routes";

/** The order-payment and order screens: one chunk of their own, loaded only when opened. */
export const OrderScreen = preloadable(() => import("./components/order-screen").then((module) => module.OrderScreen));
/** The account page's orders (its order-item block). */
export const OrdersBlock = preloadable(() => import("./components/orders-block").then((module) => module.OrdersBlock));
