import { Suspense, type ReactNode } from "react";
import type { ApiClient } from "../../../lib/api";
import { preloadable, preloadOf } from "../../../lib/preloadable";
import type { BlockData, ItemBlockData } from "../types";
import { suppliedComponent, useSuppliedBlocks, type BlockComponentMap } from "./block-components";
import {
  AcademyIntroBlock,
  BlogIntroBlock,
  ButtonsBlock,
  CallToActionBlock,
  IconPointsBlock,
  IntroBlock,
  ItemGroup,
  RichTextBlock,
  StatisticsBlock,
  TextBlock,
  TextWithMediaBlock,
  type MainHeadingLevel,
} from "./basic-blocks";
import { CollectionProvider, findArticleList } from "./collection";
import { CollectionListBlock, FilterBarBlock, PaginationBlock } from "./collection-blocks";
import { ConsentEmbedBlock } from "./consent-embed-block";
import { ConsentFormBlock } from "./consent-form-block";
import { FaqBlock } from "./faq-block";
import { MarqueeBlock } from "./marquee-block";
import { PlaceholderBlock } from "./placeholder-block";
import { ReviewsBlock } from "./reviews-block";
import "../content.css";

// Forms (formik + yup) load only on pages that have one; publishing still renders them.
const FormBlock = preloadable(() => import("./form-block").then((module) => module.FormBlock));

/** The code of a page's lazy blocks (forms, the blocks other features supply), asked for ahead of rendering. */
export function preloadBlocks(blocks: BlockData[], supplied: BlockComponentMap): Promise<unknown> {
  return Promise.all(blocks.map((block) => (block.type === "form" ? FormBlock.preload() : preloadOf(suppliedComponent(supplied, block)))));
}

/** Blocks that can carry the page's main heading (h1): the first of them on the page does. */
const MAIN_HEADING_TYPES = new Set<BlockData["type"]>(["intro", "blog-intro", "academy-intro"]);

/** The index of the block that carries the page's h1, or -1 when none does (the page then shows its title). */
export function mainHeadingIndex(blocks: BlockData[]): number {
  return blocks.findIndex((block) => MAIN_HEADING_TYPES.has(block.type));
}

function renderBlock(block: BlockData, headingLevel: MainHeadingLevel, supplied: BlockComponentMap): ReactNode {
  const Supplied = suppliedComponent(supplied, block);
  if (Supplied) {
    // Supplied blocks are usually lazy (their feature's own chunk); publishing waits for them.
    return (
      <Suspense fallback={<section className={`block block-${block.type}`} aria-busy="true" />}>
        <Supplied block={block} />
      </Suspense>
    );
  }
  switch (block.type) {
    case "intro":
      return <IntroBlock block={block} headingLevel={headingLevel} />;
    case "text":
      return <TextBlock block={block} />;
    case "rich-text":
      return <RichTextBlock block={block} />;
    case "text-with-media":
      return <TextWithMediaBlock block={block} />;
    case "buttons":
      return <ButtonsBlock block={block} />;
    case "call-to-action":
      return <CallToActionBlock block={block} />;
    case "faq":
      return <FaqBlock block={block} />;
    case "consent-embed":
      return <ConsentEmbedBlock block={block} />;
    case "marquee":
      return <MarqueeBlock block={block} />;
    case "reviews":
      return <ReviewsBlock block={block} />;
    case "statistics":
      return <StatisticsBlock block={block} />;
    case "blog-intro":
      return <BlogIntroBlock block={block} headingLevel={headingLevel} />;
    case "filter-bar":
      return <FilterBarBlock block={block} />;
    case "collection-list":
      return <CollectionListBlock block={block} />;
    case "pagination":
      return <PaginationBlock block={block} />;
    case "consent-form":
      return <ConsentFormBlock block={block} />;
    case "form":
      return (
        <Suspense fallback={<section className="block block-form" aria-busy="true" />}>
          <FormBlock block={block} />
        </Suspense>
      );
    case "item":
      return <ItemGroup items={[block]} />;
    case "shop-conditions":
      return <IconPointsBlock items={block.items} variant="shop-conditions" />;
    case "selling-points-courses":
      return <IconPointsBlock title={block.title} items={block.items} variant="selling-points-courses" />;
    case "selling-points-shipping":
      return <IconPointsBlock title={block.title} items={block.items} variant="selling-points-shipping" />;
    case "icons":
      return <IconPointsBlock title={block.title} items={block.items} variant="icons" />;
    case "cart":
      return <PlaceholderBlock kind="cart" />;
    case "checkout":
      return <PlaceholderBlock kind="checkout" />;
    case "profile":
      return <PlaceholderBlock kind="profile" />;
    case "order-item":
      return <PlaceholderBlock kind="order" />;
    case "academy-intro":
      return <AcademyIntroBlock block={block} headingLevel={headingLevel} />;
    case "academy-item":
    case "child-courses":
      return null; // the academy's cards: supplied by the app (features/academy)
    case "product-intro":
      return <PlaceholderBlock kind="products" title={block.title} />;
    case "product-item":
      return <PlaceholderBlock kind="product" />;
    default: {
      // Every type of BlockData has a case above (checked here); a type this build does not know renders nothing.
      const unknown: never = block;
      return unknown && null;
    }
  }
}

type Props = {
  blocks: BlockData[];
  /** The API client for the article list's requests (tests pass a fake one). */
  client?: ApiClient;
};

/** Renders a page's blocks; the first intro carries the page's main heading; consecutive items form one grid. */
export function Blocks({ blocks, client }: Props) {
  const supplied = useSuppliedBlocks();
  const main = mainHeadingIndex(blocks);
  const rendered: ReactNode[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index];
    if (!block) continue;
    if (block.type === "item") {
      const items: ItemBlockData[] = [block];
      while (blocks[index + 1]?.type === "item") items.push(blocks[++index] as ItemBlockData);
      rendered.push(
        <Suspense key={index} fallback={null}>
          <ItemGroup items={items} />
        </Suspense>,
      );
      continue;
    }
    // Each block its own boundary: the browser hydrates a pre-rendered page block by block, in
    // short interruptible tasks, instead of one long task (Lighthouse's Total Blocking Time).
    rendered.push(
      <Suspense key={index} fallback={null}>
        {renderBlock(block, index === main ? 1 : 2, supplied)}
      </Suspense>,
    );
  }
  return (
    <CollectionProvider block={findArticleList(blocks)} client={client}>
      {rendered}
    </CollectionProvider>
  );
}
