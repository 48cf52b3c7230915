/**
 * What the backend accepts for a link and an image of the rich text (block_parts.py: `Path`,
 * `Image`), so the editor refuses the same values before they are saved.
 */
import type { ImageData } from "./convert";

/** A site path, a web address, an e-mail or phone link, or an anchor; at most 512 characters. */
export const LINK_PATTERN = /^(\/|https?:\/\/|mailto:|tel:|#)/;
export const LINK_MAX_LENGTH = 512;
export const IMAGE_SRC_PATTERN = /^\/media\/[A-Za-z0-9/._-]+$/;
export const IMAGE_SRC_MAX_LENGTH = 256;
export const ALT_MAX_LENGTH = 200;
export const IMAGE_MAX_SIDE = 4000;

export function isLinkUrl(url: string): boolean {
  return url.length >= 1 && url.length <= LINK_MAX_LENGTH && LINK_PATTERN.test(url);
}

export function isImageSrc(src: string): boolean {
  return src.length <= IMAGE_SRC_MAX_LENGTH && IMAGE_SRC_PATTERN.test(src);
}

const isSide = (value: number) => Number.isInteger(value) && value > 0 && value <= IMAGE_MAX_SIDE;

export function isImage(image: ImageData): boolean {
  return isImageSrc(image.src) && image.alt.length <= ALT_MAX_LENGTH && isSide(image.width) && isSide(image.height);
}
