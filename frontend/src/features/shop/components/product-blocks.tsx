/**
 * The shop's content blocks, supplied to content pages by the app: a list of product cards
 * (collection-list of products), one featured product (product-item) and a section heading
 * (product-intro). Prices and availability are refreshed after hydration.
 */
import { useLiveCards } from "../hooks/use-live-values";
import type { ProductIntroBlockData, ProductItemBlockData, ProductListBlockData } from "../types";
import { ProductCardView } from "./product-card";

export function ProductListBlock({ block }: { block: ProductListBlockData }) {
  const cards = useLiveCards(block.entries ?? []);
  if (cards.length === 0) return null;
  return (
    <section className="block block-products">
      {block.title ? <h2 className="block-products__title">{block.title}</h2> : null}
      <ul className="product-grid">
        {cards.map((card) => (
          <li key={card.id}>
            <ProductCardView card={card} heading={block.title ? "h3" : "h2"} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One product, bigger; its heading is an h3 under the product-intro heading that comes before it. */
export function ProductItemBlock({ block }: { block: ProductItemBlockData }) {
  const [card] = useLiveCards(block.entry ? [block.entry] : []);
  if (!card) return null;
  return (
    <section className="block block-product-item">
      <ProductCardView card={card} heading="h3" featured />
    </section>
  );
}

export function ProductIntroBlock({ block }: { block: ProductIntroBlockData }) {
  if (!block.title) return null;
  return (
    <section className="block block-product-intro">
      <h2 className="block-product-intro__title">{block.title}</h2>
    </section>
  );
}
