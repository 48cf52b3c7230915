import { preloadable } from "../../lib/preloadable";
// With the app's CSS (the checkout page is published as HTML); only the block's code loads lazily.
import "./checkout.css";

/** The checkout page's block: its own chunk (with the form system), loaded on the checkout page only. */
export const CheckoutBlock = preloadable(() => import("./components/checkout-block").then((module) => module.CheckoutBlock));
