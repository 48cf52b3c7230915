import { preloadable } from "../../lib/preloadable";
// With the app's CSS (the cart page is published as HTML); only the block's code loads lazily.
import "./cart.css";

/** The "added to your cart" cards: small, on every page (the app's layout renders them). */
export { CartFeedback } from "./components/cart-feedback";

/** The cart page's block: its own chunk, loaded on the cart page only. */
export const CartBlock = preloadable(() => import("./components/cart-block").then((module) => module.CartBlock));
