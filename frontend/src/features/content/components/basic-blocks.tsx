/** The plain content blocks: intros, text, media, buttons, cards, numbers and icon rows. */
import { useTranslation } from "../../../lib/i18n";
import { ButtonLink } from "../../../ui/button-link";
import { Duration } from "../../../ui/duration";
import { Icon, isIconName } from "../../../ui/icon";
import type {
  AcademyIntroBlockData,
  BlogIntroBlockData,
  ButtonsBlockData,
  CallToActionBlockData,
  IconPoint,
  IntroBlockData,
  ItemBlockData,
  RichTextBlockData,
  StatisticsBlockData,
  TextBlockData,
  TextWithMediaBlockData,
} from "../types";
import { ContentImage } from "../../../ui/content-image";
import { RichText } from "../../../ui/rich-text";

export type MainHeadingLevel = 1 | 2;

/** The icon shown when an editor picked a name outside the bundled set. */
const FALLBACK_ICON = "mdi:water";

export function IntroBlock({ block, headingLevel }: { block: IntroBlockData; headingLevel: MainHeadingLevel }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className={block.image ? "block block-intro block-intro--with-image" : "block block-intro"}>
      <div className="block-intro__inner">
        <div className="block-intro__content">
          {block.eyebrow ? <p className="block-intro__eyebrow">{block.eyebrow}</p> : null}
          <Heading className="block-intro__title">{block.title}</Heading>
          <p className="block-intro__text">{block.text}</p>
          {block.button ? (
            <ButtonLink to={block.button.path} variant={block.button.variant}>
              {block.button.label}
            </ButtonLink>
          ) : null}
        </div>
        {block.image ? (
          <div className="block-intro__media">
            <ContentImage className="block-intro__image" image={block.image} eager={headingLevel === 1} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function TextBlock({ block }: { block: TextBlockData }) {
  return (
    <section className="block block-text">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

export function RichTextBlock({ block }: { block: RichTextBlockData }) {
  return (
    <section className="block block-rich-text">
      <RichText nodes={block.body} />
    </section>
  );
}

export function TextWithMediaBlock({ block }: { block: TextWithMediaBlockData }) {
  const position = block.imagePosition ?? "right";
  return (
    <section className={`block block-text-media block-text-media--image-${position}`}>
      <div className="block-text-media__content">
        <h2>{block.title}</h2>
        <RichText nodes={block.body} minHeadingLevel={3} />
        {block.button ? (
          <ButtonLink to={block.button.path} variant={block.button.variant}>
            {block.button.label}
          </ButtonLink>
        ) : null}
      </div>
      <div className="block-text-media__media">
        <ContentImage className="block-text-media__image" image={block.image} />
      </div>
    </section>
  );
}

export function ButtonsBlock({ block }: { block: ButtonsBlockData }) {
  return (
    <div className="block block-buttons">
      {block.buttons.map((button, index) => (
        <ButtonLink key={index} to={button.path} variant={button.variant ?? (index === 0 ? "primary" : "secondary")}>
          {button.label}
        </ButtonLink>
      ))}
    </div>
  );
}

export function CallToActionBlock({ block }: { block: CallToActionBlockData }) {
  return (
    <section className="block block-cta">
      <div className={block.image ? "block-cta__card block-cta__card--with-image" : "block-cta__card"}>
        {block.image ? (
          <div className="block-cta__media">
            <ContentImage className="block-cta__image" image={block.image} />
          </div>
        ) : null}
        <div className="block-cta__content">
          <h2 className="block-cta__title">{block.title}</h2>
          {block.text ? <p className="block-cta__text">{block.text}</p> : null}
          <ButtonLink to={block.button.path} variant={block.button.variant}>
            {block.button.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** Consecutive item blocks, shown side by side as cards. */
export function ItemGroup({ items }: { items: ItemBlockData[] }) {
  return (
    <div className="block block-items">
      <ul className="item-grid">
        {items.map((item, index) => (
          <li key={index}>
            <article className="item-card">
              {item.image ? <ContentImage className="item-card__image" image={item.image} /> : null}
              <div className="item-card__body">
                <h2 className="item-card__title">{item.title}</h2>
                {item.text ? <p className="item-card__text">{item.text}</p> : null}
                {item.link ? (
                  <ButtonLink to={item.link.path} variant={item.link.variant ?? "secondary"}>
                    {item.link.label}
                  </ButtonLink>
                ) : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StatisticsBlock({ block }: { block: StatisticsBlockData }) {
  return (
    <section className="block block-statistics">
      {block.title ? <h2>{block.title}</h2> : null}
      <dl className="statistics">
        {block.items.map((item, index) => (
          <div className="statistics__item" key={index}>
            <dt className="statistics__label">{item.label}</dt>
            <dd className="statistics__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The academy page's intro: title, text and the published courses' numbers (lessons, levels, how long their videos last). */
export function AcademyIntroBlock({ block, headingLevel }: { block: AcademyIntroBlockData; headingLevel: MainHeadingLevel }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const stats = block.stats;
  return (
    <section className="block block-intro block-academy-intro">
      <div className="block-intro__inner">
        <div className="block-intro__content">
          <Heading className="block-intro__title">{block.title}</Heading>
          {block.text ? <p className="block-intro__text">{block.text}</p> : null}
          {stats && stats.lessons > 0 ? (
            <dl className="statistics block-academy-intro__stats">
              <div className="statistics__item">
                <dt className="statistics__label">{t("blocks.academyIntro.lessons", { count: stats.lessons })}</dt>
                <dd className="statistics__value">{stats.lessons}</dd>
              </div>
              <div className="statistics__item">
                <dt className="statistics__label">{t("blocks.academyIntro.levels", { count: stats.levels })}</dt>
                <dd className="statistics__value">{stats.levels}</dd>
              </div>
              {stats.durationMs === null ? null : (
                <div className="statistics__item">
                  <dt className="statistics__label">{t("blocks.academyIntro.duration")}</dt>
                  <dd className="statistics__value">
                    <Duration ms={stats.durationMs} />
                  </dd>
                </div>
              )}
            </dl>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function BlogIntroBlock({ block, headingLevel }: { block: BlogIntroBlockData; headingLevel: MainHeadingLevel }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="block block-blog-intro">
      <Heading className="block-blog-intro__title">{block.title}</Heading>
      {block.text ? <p className="block-blog-intro__text">{block.text}</p> : null}
    </section>
  );
}

type IconPointsVariant = "shop-conditions" | "selling-points-courses" | "selling-points-shipping" | "icons";

/** Rows of icon + title + text: shop conditions, selling points and icon lists. */
export function IconPointsBlock({ title, items, variant }: { title?: string | null; items: IconPoint[]; variant: IconPointsVariant }) {
  // Under a block title the points are sub-headings; without one they are short labelled lines.
  const ItemTitle = title ? "h3" : "p";
  return (
    <section className={`block block-icon-points block-icon-points--${variant}`}>
      {title ? <h2 className="block-icon-points__title">{title}</h2> : null}
      <ul className="icon-points">
        {items.map((item, index) => (
          <li className="icon-points__item" key={index}>
            <span className="icon-points__icon">
              <Icon name={isIconName(item.icon) ? item.icon : FALLBACK_ICON} size={28} />
            </span>
            <div className="icon-points__body">
              <ItemTitle className="icon-points__name">{item.title}</ItemTitle>
              {item.text ? <p className="icon-points__text">{item.text}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
