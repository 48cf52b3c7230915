import { lazy } from "react";
import { ensureAccountTexts } from "../../lib/i18n";
// With the app's CSS (the checkout page is published as HTML); only the block's code loads lazily.
import "./checkout.css";

/** The checkout page's block: its own chunk (with the form system), loaded on the checkout page only. */
export const CheckoutBlock = lazy(() => Promise.all([import("./components/checkout-block"), ensureAccountTexts()]).then(([module]) => ({ default: module.CheckoutBlock })));
