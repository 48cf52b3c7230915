import { lazy } from "react";
// With the app's CSS (product pages and the shop's blocks are published as HTML); only the code loads lazily.
import "./shop.css";

export type { ProductData } from "./types";

/** The product page: its own chunk, loaded on product pages only. */
export const ProductPage = lazy(() => import("./components/product-page").then((module) => ({ default: module.ProductPage })));

// The product blocks share one small chunk, loaded on pages that show products.
const blocks = () => import("./components/product-blocks");
export const ProductListBlock = lazy(() => blocks().then((module) => ({ default: module.ProductListBlock })));
export const ProductItemBlock = lazy(() => blocks().then((module) => ({ default: module.ProductItemBlock })));
export const ProductIntroBlock = lazy(() => blocks().then((module) => ({ default: module.ProductIntroBlock })));
