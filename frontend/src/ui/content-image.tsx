import type { ImageData } from "./rich-text-types";

type Props = {
  image: ImageData;
  className?: string;
  /** Above-the-fold images (the page's first intro) load eagerly; everything else lazily. */
  eager?: boolean;
};

/** A content image with its intrinsic size (no layout shift), lazy and asynchronously decoded by default. */
export function ContentImage({ image, className, eager = false }: Props) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
    />
  );
}
