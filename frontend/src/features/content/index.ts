export { ContentPage } from "./components/content-page";
export { preloadBlocks } from "./components/blocks";
export { ArticlePage } from "./components/article-page";
export type { PageData, BlockData, ArticleData } from "./types";
export { CONSENT_EVENT, readConsent } from "./consent";
export { BlockComponentsProvider } from "./components/block-components";
export type { BlockComponentMap } from "./components/block-components";
