import { preloadable } from "../../lib/preloadable";
// With the app's CSS (product pages and the shop's blocks are published as HTML); only the code loads lazily.
import "./shop.css";

export type { ProductData } from "./types";

/** The product page: its own chunk, loaded on product pages only. */
export const ProductPage = preloadable(() => import("./components/product-page").then((module) => module.ProductPage));

// The product blocks share one small chunk, loaded on pages that show products.
const blocks = () => import("./components/product-blocks");
export const ProductListBlock = preloadable(() => blocks().then((module) => module.ProductListBlock));
export const ProductItemBlock = preloadable(() => blocks().then((module) => module.ProductItemBlock));
export const ProductIntroBlock = preloadable(() => blocks().then((module) => module.ProductIntroBlock));
