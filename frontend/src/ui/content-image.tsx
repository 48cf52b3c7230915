import type { ImageData } from "./rich-text-types";

/** A format's responsive variants (`image/avif`: `… 320w, … 640w`). */
export type ImageSource = { type: string; srcset: string };

/**
 * What publishing adds to an image from the media library (backend splash/media/publishing.py):
 * the WebP variants as `srcset` with `sizes`, and each format's variants as `sources`.
 */
export type PublishedImage = ImageData & { srcset?: string; sizes?: string; sources?: ImageSource[] };

type Props = {
  image: PublishedImage;
  className?: string;
  /** Above-the-fold images (the page's first intro) load eagerly; everything else lazily. */
  eager?: boolean;
};

/**
 * A content image with its intrinsic size (no layout shift), lazy and asynchronously decoded by
 * default. A library image carries its variants: a `<picture>` offers AVIF, then WebP, at every
 * width, and the browser takes the smallest that fills the slot; the original stays the fallback.
 */
export function ContentImage({ image, className, eager = false }: Props) {
  const sizes = image.srcset || image.sources?.length ? image.sizes : undefined;
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
