/**
 * A lesson as the page's payload publishes it, and access answers (imported by *.test.tsx only;
 * never part of the app bundle). English texts, list prices of the fixtures.
 */
import type { LessonAccessData, LessonData, Offer } from "../features/academy/lesson/types";

const LOCALES = [
  ["nl", "Nederlands"],
  ["en", "English"],
  ["de", "Deutsch"],
  ["es", "Español"],
  ["fr", "Français"],
  ["sv", "Svenska"],
] as const;

export function offerFixture(overrides: Partial<Offer> = {}): Offer {
  return { variantId: 101, kind: "lesson", price: 495, listPrice: 495, parts: 495, saving: 0, owned: false, ...overrides };
}

export function lessonFixture(overrides: Partial<LessonData> = {}): LessonData {
  return {
    id: 5,
    key: "level-2-lesson-1",
    slug: "floating-on-your-back",
    path: "/academy/learn-to-swim/floating-on-your-back",
    number: 1,
    title: "Floating on your back",
    description: "Your child lies back in the water, ears in, tummy up, while the suit's floats carry them.",
    durationMs: 8000, // its video's
    freePreview: false,
    freeWithSuit: false,
    poster: { src: "/media/academy/level-2-lesson-1.webp", width: 1280, height: 720, alt: "A child floating on its back in the float suit" },
    offer: offerFixture({ variantId: 105 }),
    course: { id: 1, title: "Learn to swim with Splash", path: "/academy/learn-to-swim" },
    level: { id: 2, number: 2, title: "Floating and gliding", offer: offerFixture({ variantId: 202, kind: "level", price: 1495, listPrice: 1495, parts: 1980, saving: 485 }) },
    previous: { title: "Blowing bubbles", path: "/academy/learn-to-swim/blowing-bubbles" },
    next: { title: "Gliding like a starfish", path: "/academy/learn-to-swim/gliding-like-a-starfish" },
    video: {
      master: "/media/videos/level-2-lesson-1/p1/master.m3u8",
      durationMs: 8000,
      width: 1280,
      height: 720,
      captions: LOCALES.map(([locale, label]) => ({ locale, label, src: `/media/videos/level-2-lesson-1/p1/captions/${locale}.vtt` })),
    },
    localizations: [{ locale: "nl", path: "/academy/leren-zwemmen/drijven-op-je-rug" }],
    seo: { title: "Floating on your back", description: "Lesson 1 of level 2", image: null },
    ...overrides,
  };
}

export function accessFixture(overrides: Partial<LessonAccessData> = {}): LessonAccessData {
  return {
    lessonId: 5,
    access: "owned",
    keyToken: "eyJhbGciOiJIUzI1NiJ9.eyJsZXNzb24iOjV9.c2lnbmF0dXJl",
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    positionMs: 0,
    completed: false,
    ...overrides,
  };
}
