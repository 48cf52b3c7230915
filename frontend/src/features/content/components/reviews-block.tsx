import { useTranslation } from "../../../lib/i18n";
import { Rating } from "../../../ui/rating";
import type { ReviewsBlockData } from "../types";
import { formatDate, isoDate } from "./format";

/** What parents say: cards with a star rating (read as "4 out of 5 stars"), the text, name and date. */
export function ReviewsBlock({ block }: { block: ReviewsBlockData }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="block block-reviews">
      {block.title ? <h2>{block.title}</h2> : null}
      <ul className="review-grid">
        {block.items.map((review, index) => (
          <li key={index}>
            <figure className="review-card">
              <Rating value={review.rating} max={5} label={t("blocks.reviews.rating", { rating: review.rating, max: 5 })} />
              <blockquote className="review-card__text">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="review-card__by">
                <span className="review-card__name">{review.name}</span>
                {review.date ? (
                  <time className="review-card__date" dateTime={isoDate(review.date)}>
                    {formatDate(review.date, i18n.language)}
                  </time>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
