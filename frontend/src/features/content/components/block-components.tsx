/**
 * Blocks whose behaviour lives in another feature (the profile on the account page, the shop's
 * products, the cart…): content may not import those features, so the app supplies their
 * components by block type. A type without a supplied component renders as before (a friendly
 * placeholder). A collection list is supplied per collection ("collection-list:product"): the
 * article list stays content's own.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import type { BlockData, CollectionListBlockData } from "../types";

type BlockOf<T extends BlockData["type"]> = Extract<BlockData, { type: T }>;
type SuppliedType = Exclude<BlockData["type"], "collection-list">;
type SuppliedCollection = Exclude<CollectionListBlockData["collection"], "article">;

export type BlockComponentMap = { [T in SuppliedType]?: ComponentType<{ block: BlockOf<T> }> } & {
  [C in SuppliedCollection as `collection-list:${C}`]?: ComponentType<{ block: CollectionListBlockData }>;
};

const BlockComponentsContext = createContext<BlockComponentMap>({});

export function BlockComponentsProvider({ components, children }: { components: BlockComponentMap; children: ReactNode }) {
  return <BlockComponentsContext.Provider value={components}>{children}</BlockComponentsContext.Provider>;
}

/** The components the app supplies, by block type. */
export function useSuppliedBlocks(): BlockComponentMap {
  return useContext(BlockComponentsContext);
}

/** The key a block is supplied under: its type, or "collection-list:<collection>" for a list. */
function suppliedKey(block: BlockData): keyof BlockComponentMap | null {
  if (block.type !== "collection-list") return block.type;
  return block.collection === "article" ? null : `collection-list:${block.collection}`;
}

export function suppliedComponent(components: BlockComponentMap, block: BlockData): ComponentType<{ block: BlockData }> | undefined {
  const key = suppliedKey(block);
  return key ? (components[key] as ComponentType<{ block: BlockData }> | undefined) : undefined;
}
