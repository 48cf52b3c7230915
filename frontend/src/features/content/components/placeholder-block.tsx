import { useTranslation } from "../../../lib/i18n";
import { Icon, type IconName } from "../../../ui/icon";
import type { MainHeadingLevel } from "./basic-blocks";

/** The parts of the shop that open with a later release. */
export type PlaceholderKind = "cart" | "checkout" | "profile" | "order" | "products" | "product";

const ICONS: Record<PlaceholderKind, IconName> = {
  cart: "mdi:cart",
  checkout: "mdi:credit-card",
  profile: "mdi:account",
  order: "mdi:package-variant",
  products: "mdi:swim",
  product: "mdi:swim",
};

type Props = {
  kind: PlaceholderKind;
  /** The editor's title, when the block has one; otherwise a title for the kind. */
  title?: string | null;
  text?: string;
  headingLevel?: MainHeadingLevel;
};

/** A friendly "opening soon" card where a part of the shop will appear; never an error. */
export function PlaceholderBlock({ kind, title, text, headingLevel = 2 }: Props) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className={`block block-placeholder block-placeholder--${kind}`}>
      <div className="placeholder-card">
        <span className="placeholder-card__icon">
          <Icon name={ICONS[kind]} size={40} />
        </span>
        <Heading className="placeholder-card__title">{title ?? t(`blocks.placeholder.titles.${kind}`)}</Heading>
        {text ? <p className="placeholder-card__text">{text}</p> : null}
        <p className="placeholder-card__soon">{t("blocks.placeholder.soon")}</p>
      </div>
    </section>
  );
}
