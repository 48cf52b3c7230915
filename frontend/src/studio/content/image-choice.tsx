/**
 * An image field: the chosen image as a thumbnail with its alt text in the entry's language
 * (from the media library, where it is edited), "Change" and "Remove"; without one, "Choose an
 * image". The image comes from the media picker (`pickImage`); a block's image and an
 * article's cover both use this field, so no address or library number is ever typed.
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { getMedia, type MediaItem } from "../media-api";
import { thumbnailOf } from "../screens/media-logic";
import { useSession } from "../session";
import { altIn } from "./media-picker";
import type { ImageData } from "./rich-text/convert";
import type { PickImage } from "./rich-text/editor";

type Props = {
  id: string;
  legend: ReactNode;
  value: Partial<ImageData> | null | undefined;
  locale: string;
  pickImage?: PickImage;
  onChange: (image: ImageData | null) => void;
  /** False for a required image: it can be changed, not removed. */
  removable: boolean;
  /** What is wrong with the image (its own errors, by their path below it), shown at once. */
  errors?: string[];
  onBlur?: () => void;
};

/** The library item a chosen image shows (null while loading or for an image placed by hand). */
function useLibraryItem(media: number | null | undefined): MediaItem | null {
  const { client } = useSession();
  const [item, setItem] = useState<MediaItem | null>(null);
  useEffect(() => {
    if (!media) return; // no item: the one kept is not this image (below)
    let current = true;
    getMedia(client, media).then(
      (found) => current && setItem(found),
      () => current && setItem(null),
    );
    return () => {
      current = false;
    };
  }, [client, media]);
  return item && item.id === media ? item : null;
}

function Chosen({ value, item, locale }: { value: Partial<ImageData>; item: MediaItem | null; locale: string }) {
  const { t } = useTranslation();
  const language = t(`studio.languages.${locale}`);
  const alt = item ? altIn(item, locale) : (value.alt ?? "");
  return (
    <figure className="studio-image-choice__figure">
      <img src={item ? thumbnailOf(item) : value.src} alt="" width={item?.width ?? value.width} height={item?.height ?? value.height} className="studio-image-choice__thumbnail" />
      <figcaption>
        {item ? <span className="studio-media-name">{item.fileName}</span> : null}
        {alt ? (
          <span>
            {t("studio.picker.altIn", { language })}{" "}
            <q lang={locale}>{alt}</q>
          </span>
        ) : (
          <span className="studio-tag studio-tag--alert">{t(value.media ? "studio.picker.noAltYet" : "studio.picker.noAlt", { language })}</span>
        )}
      </figcaption>
    </figure>
  );
}

export function ImageChoice({ id, legend, value, locale, pickImage, onChange, removable, errors = [], onBlur }: Props) {
  const { t } = useTranslation();
  const focus = useFocusAfterRender();
  const item = useLibraryItem(value?.media);
  const chosen = Boolean(value?.src);
  const choose = async () => {
    const image = pickImage ? await pickImage() : null;
    if (!image) return;
    onChange(image);
    focus(`${id}-change`);
    onBlur?.();
  };
  const remove = () => {
    onChange(null);
    focus(`${id}-choose`);
    onBlur?.();
  };
  const errorId = `${id}-error`;
  return (
    <fieldset className="studio-fieldset studio-image-choice" id={id} aria-describedby={errors.length ? errorId : undefined}>
      <legend>{legend}</legend>
      {chosen && value ? <Chosen value={value} item={item} locale={locale} /> : <p className="studio-muted">{t("studio.picker.none")}</p>}
      {errors.length ? (
        <ul id={errorId} className="studio-field__error">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      <p className="studio-inline">
        {chosen ? (
          <>
            <button type="button" id={`${id}-change`} className="button button--secondary" disabled={!pickImage} onClick={() => void choose()}>
              {t("studio.picker.change")}
            </button>
            {removable ? (
              <button type="button" id={`${id}-remove`} className="button button--secondary" onClick={remove}>
                {t("studio.picker.remove")}
              </button>
            ) : null}
          </>
        ) : (
          <button type="button" id={`${id}-choose`} className="button button--secondary" disabled={!pickImage} onClick={() => void choose()}>
            {t("studio.picker.choose")}
          </button>
        )}
      </p>
    </fieldset>
  );
}
