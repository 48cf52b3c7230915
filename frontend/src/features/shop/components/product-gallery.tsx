import { useTranslation } from "../../../lib/i18n";
import { ContentImage } from "../../../ui/content-image";
import type { ImageData } from "../../../ui/rich-text-types";

type Props = {
  images: ImageData[];
  /** The src of the photo shown large. */
  shown: string | null;
  onShow: (src: string) => void;
};

/**
 * The product's photos: one large (in a square frame, so switching photos never moves the page)
 * and a row of thumbnails to switch between them.
 */
export function ProductGallery({ images, shown, onShow }: Props) {
  const { t } = useTranslation();
  const main = images.find((image) => image.src === shown) ?? images[0];
  if (!main) return null;
  return (
    <div className="product-gallery">
      <div className="product-gallery__frame">
        <ContentImage className="product-gallery__image" image={main} eager />
      </div>
      {images.length > 1 ? (
        <ul className="product-gallery__thumbs" aria-label={t("shop.gallery.label")}>
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-pressed={image.src === main.src}
                aria-label={t("shop.gallery.show", { number: index + 1, total: images.length })}
                onClick={() => onShow(image.src)}
              >
                <img src={image.src} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
