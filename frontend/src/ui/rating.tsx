import { Icon } from "./icon";

type RatingProps = {
  /** Whole stars, 0..max. */
  value: number;
  max?: number;
  /** The text alternative, e.g. "4 out of 5 stars", in the page's language. */
  label: string;
  size?: number;
};

/** A star rating: `max` star icons (filled up to `value`), read as one image with its label. */
export function Rating({ value, max = 5, label, size = 20 }: RatingProps) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  return (
    <span className="rating" role="img" aria-label={label}>
      {Array.from({ length: max }, (_, index) => (
        <Icon
          key={index}
          name={index < filled ? "mdi:star" : "mdi:star-outline"}
          size={size}
          className={index < filled ? "rating__star rating__star--filled" : "rating__star"}
        />
      ))}
    </span>
  );
}
