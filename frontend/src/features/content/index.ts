export { ContentPage } from "./components/content-page";
export type { PageData, BlockData } from "./types";
