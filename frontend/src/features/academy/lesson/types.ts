/** The lesson page's data, as contracts/academy-api.md publishes it (payload key `lesson`). */
import type { LessonAccess, OfferKind } from "../../../lib/vocabulary";
import type { ImageData } from "../../../ui/rich-text-types";

/** What an unlock button sells, at this buyer's price (a published page: list prices). */
export type Offer = {
  variantId: number;
  kind: OfferKind;
  price: number;
  listPrice: number;
  parts: number;
  saving: number;
  owned: boolean;
};

export type Caption = { locale: string; label: string; src: string };

export type LessonVideo = {
  master: string;
  durationMs: number;
  width: number;
  height: number;
  captions: Caption[];
};

export type LessonLink = { title: string; path: string };

export type LessonData = {
  id: number;
  key: string;
  slug: string;
  path: string;
  number: number;
  title: string;
  description: string;
  minutes: number;
  freePreview: boolean;
  freeWithSuit: boolean;
  poster: ImageData;
  offer: Offer;
  course: { id: number; title: string; path: string };
  level: { id: number; number: number; title: string; offer: Offer };
  previous: LessonLink | null;
  next: LessonLink | null;
  video: LessonVideo | null;
  localizations: { locale: string; path: string }[];
  seo: { title: string; description: string; image?: string | null };
};

/** GET /lessons/{id}/access: who may watch, the key token when they may, and where they were. */
export type LessonAccessData = {
  lessonId: number;
  access: LessonAccess;
  keyToken: string | null;
  expiresAt: string | null;
  positionMs: number;
  completed: boolean;
};

/** PUT /lessons/{id}/progress: the body, and what the API answers. */
export type Progress = { positionMs: number; completed: boolean };
export type SavedProgress = Progress & { lessonId: number };
