/**
 * Consumer contracts of the academy's calls from the course page, the profile and the cart
 * (contracts/academy-api.md): getCourseMe, getMyLessons and the cart quote of lessons, through the
 * real lib/api client against Pact's mock server, exactly as the app calls them.
 *
 * Ids change with every reset to the fixtures: the provider states answer them (`courseId`,
 * `lessonId`, `level1VariantId`, `level2VariantId`, `bundleVariantId`, `token`) and the verifier
 * injects them (fromProviderState); the consumer side runs with the examples.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getCourseMe } from "../../src/features/academy/api/get-course-me";
import { courseView } from "../../src/features/academy/utils/course-view";
import { courseFixture } from "../../src/testing/academy";
import { getMyLessons } from "../../src/features/profile/api/get-my-lessons";
import { ApiError } from "../../src/lib/api";
import { quoteCart } from "../../src/lib/cart/quote";
import { BEARER, EXAMPLE_TOKEN } from "./accounts";
import { clientFor as client, clientWithCookie, errorBody, splashApi } from "./provider";

const { boolean, eachLike, fromProviderState, integer, regex, string } = MatchersV3;

const provider = splashApi();

/** Provider states, exactly as backend/testkit/states.py implements them. */
const STATES = {
  /** Answers `courseId`, `level1VariantId`, `level2VariantId`, `bundleVariantId`, `lessonId`, `returnUrl`. */
  seeded: "the academy course is seeded",
  /** The same ids and `token`: ouder@example.com owns level 1 (a float suit) and watched level 1's second lesson up to 4 s. */
  owner: "a signed-in parent owns level 1 and watched its second lesson",
  /** Answers `courseId` and `devicePass`: a guest's paid order of level 2, placed by this browser. */
  device: "a guest's paid order of level 2 holds this browser's device pass",
} as const;

const COURSE_ID = 1;
const LESSON_ID = 2;
const LEVEL_1 = 111;
const LEVEL_2 = 112;
const BUNDLE = 110;

const oneOf = (pattern: string, example: string) => regex(`^(${pattern})$`, example);
const ACCESS = "owned|preview|locked";

/** An offer priced for the buyer (contracts/academy-api.md, Offer). */
const offer = (kind: "lesson" | "level" | "bundle", example: { variantId: number; price: number; parts: number; saving: number; owned: boolean }) => ({
  variantId: integer(example.variantId),
  kind: oneOf("lesson|level|bundle", kind),
  price: integer(example.price),
  listPrice: integer(example.price),
  parts: integer(example.parts),
  saving: integer(example.saving),
  owned: boolean(example.owned),
});

const POSTER = {
  src: regex("^/media/.+", "/media/academy/level-1-lesson-2.webp"),
  width: integer(1280),
  height: integer(720),
  alt: string("Blowing bubbles"),
};

/** Where the parent goes on: level 1's second lesson, 4 s in. */
const CONTINUE_AT = {
  lessonId: fromProviderState("${lessonId}", LESSON_ID),
  title: string("Bellen blazen"),
  path: regex("^/(academy|course)/.+/.+", "/academy/leren-zwemmen/bellen-blazen"),
  positionMs: integer(4000),
  durationMs: integer(8000),
  poster: POSTER,
  access: oneOf(ACCESS, "owned"),
};

const courseMePath = fromProviderState("/api/courses/${courseId}/me", `/api/courses/${COURSE_ID}/me`);

describe("academy API contract", () => {
  it("GET /courses/{id}/me: a parent who owns level 1 sees it owned, their prices, progress and where to continue", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("the signed-in parent's view of the course")
      .withRequest("GET", courseMePath, (b) => b.headers({ accept: "application/json", authorization: BEARER }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            courseId: fromProviderState("${courseId}", COURSE_ID),
            lessons: eachLike({ lessonId: integer(1), access: oneOf(ACCESS, "owned"), positionMs: integer(0), completed: boolean(false) }),
            levels: eachLike({
              levelId: integer(1),
              completedLessons: integer(0),
              lessonCount: integer(4),
              offer: offer("level", { variantId: LEVEL_1, price: 0, parts: 0, saving: 0, owned: true }),
            }),
            bundle: offer("bundle", { variantId: BUNDLE, price: 2330, parts: 2990, saving: 660, owned: false }),
            lessonOffers: eachLike(offer("lesson", { variantId: 121, price: 495, parts: 495, saving: 0, owned: true })),
            continue: CONTINUE_AT,
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getCourseMe(COURSE_ID, client(mock.url, EXAMPLE_TOKEN));
        expect(data.continue).toMatchObject({ lessonId: LESSON_ID, positionMs: 4000, access: "owned" });
        expect(data.bundle).toMatchObject({ kind: "bundle", price: 2330, saving: 660, owned: false });
        // The course page lays it over the published course.
        const view = courseView({ ...courseFixture(), id: data.courseId }, data);
        expect(view.personal).toBe(true);
        expect(view.levels[0]?.offer.owned).toBe(true);
      });
  });

  it("GET /courses/{id}/me signed out, by the browser that paid a guest's order: its lessons owned, no progress, a guest's prices", async () => {
    const EXAMPLE_PASS = "p4SsW0rdLessDevicePassForTheOrderOfLevel2xy";
    await provider
      .addInteraction()
      .given(STATES.device)
      .uponReceiving("the course as the browser holding a paid guest order's device pass sees it")
      .withRequest("GET", courseMePath, (b) =>
        b.headers({ accept: "application/json", cookie: fromProviderState("splash_device_pass=${devicePass}", `splash_device_pass=${EXAMPLE_PASS}`) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            courseId: fromProviderState("${courseId}", COURSE_ID),
            lessons: eachLike({ lessonId: integer(5), access: oneOf(ACCESS, "owned"), positionMs: 0, completed: false }),
            levels: eachLike({
              levelId: integer(2),
              completedLessons: 0,
              lessonCount: integer(4),
              offer: offer("level", { variantId: LEVEL_2, price: 0, parts: 0, saving: 0, owned: true }),
            }),
            bundle: offer("bundle", { variantId: BUNDLE, price: 3495, parts: 4485, saving: 990, owned: false }),
            lessonOffers: eachLike(offer("lesson", { variantId: 125, price: 495, parts: 495, saving: 0, owned: true })),
            continue: null,
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getCourseMe(COURSE_ID, clientWithCookie(mock.url, `splash_device_pass=${EXAMPLE_PASS}`));
        expect(data.continue).toBeNull();
        const view = courseView({ ...courseFixture(), id: data.courseId }, data);
        expect(view.personal).toBe(true);
      });
  });

  it("GET /courses/{id}/me without a session: 401", async () => {
    await provider
      .addInteraction()
      .given(STATES.seeded)
      .uponReceiving("a request for the buyer's view of the course without a token")
      .withRequest("GET", courseMePath, (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "Missing or invalid credentials")))
      .executeTest(async (mock) => {
        const error = await getCourseMe(COURSE_ID, client(mock.url)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(401);
      });
  });

  it("GET /courses/{id}/me of a course that does not exist: 404", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("the signed-in parent's view of a course that does not exist")
      .withRequest("GET", "/api/courses/999999/me", (b) => b.headers({ accept: "application/json", authorization: BEARER }))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, "NotFoundError", "Not found")))
      .executeTest(async (mock) => {
        const error = await getCourseMe(999999, client(mock.url, EXAMPLE_TOKEN)).catch((caught: unknown) => caught);
        expect((error as ApiError).status).toBe(404);
      });
  });

  it("GET /academy/me: the parent's courses with owned and completed lessons and where to continue", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("the signed-in parent's lessons for the profile")
      .withRequest("GET", "/api/academy/me", (b) => b.headers({ accept: "application/json", authorization: BEARER }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            courses: eachLike({
              courseId: fromProviderState("${courseId}", COURSE_ID),
              title: string("Leren zwemmen met Splash"),
              path: regex("^/(academy|course)/.+", "/academy/leren-zwemmen"),
              ownedLessons: integer(4),
              completedLessons: integer(0),
              lessonCount: integer(12),
              continue: CONTINUE_AT,
            }),
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getMyLessons(client(mock.url, EXAMPLE_TOKEN));
        expect(data.courses[0]).toMatchObject({ courseId: COURSE_ID, ownedLessons: 4, lessonCount: 12, continue: { lessonId: LESSON_ID } });
      });
  });

  it("GET /academy/me without a session: 401", async () => {
    await provider
      .addInteraction()
      .given(STATES.seeded)
      .uponReceiving("a request for the parent's lessons without a token")
      .withRequest("GET", "/api/academy/me", (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "Missing or invalid credentials")))
      .executeTest(async (mock) => {
        const error = await getMyLessons(client(mock.url)).catch((caught: unknown) => caught);
        expect((error as ApiError).status).toBe(401);
      });
  });

  it("POST /cart/quote of lessons: digital lines, each with its refusal (owned, in_cart) or none", async () => {
    const items = [
      { variantId: fromProviderState("${level1VariantId}", LEVEL_1), quantity: 1, options: [] },
      { variantId: fromProviderState("${level2VariantId}", LEVEL_2), quantity: 1, options: [] },
      { variantId: fromProviderState("${bundleVariantId}", BUNDLE), quantity: 1, options: [] },
    ];
    const line = (variantId: unknown, refusal: string | null, unitPrice: number) => ({
      variantId,
      quantity: integer(1),
      productType: oneOf("digital", "digital"),
      refusal: refusal === null ? null : oneOf(refusal, refusal),
      title: string("Leren zwemmen met Splash"),
      variantLabel: string("Niveau 2 · 4 lessen"),
      productPath: regex("^/(academy|course)/.+", "/academy/leren-zwemmen"),
      unitPrice: integer(unitPrice),
    });
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a quote of level 1 (owned), level 2 and the bundle (which unlocks level 2) for the parent who owns level 1")
      .withRequest("POST", "/api/cart/quote", (b) =>
        b.headers({ accept: "application/json", "content-type": "application/json", authorization: BEARER }).jsonBody({ items }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            items: [line(items[0]?.variantId, "owned", 0), line(items[1]?.variantId, "in_cart", 1495), line(items[2]?.variantId, null, 2330)],
            physical: boolean(false),
            shipping: { status: oneOf("free", "free"), cost: integer(0), country: null },
          },
        }),
      )
      .executeTest(async (mock) => {
        const lines = [LEVEL_1, LEVEL_2, BUNDLE].map((variantId) => ({ variantId, quantity: 1, options: [] }));
        const { data } = await quoteCart({ items: lines }, client(mock.url, EXAMPLE_TOKEN));
        expect(data.items.map((item) => [item.productType, item.refusal])).toEqual([
          ["digital", "owned"],
          ["digital", "in_cart"],
          ["digital", null],
        ]);
        expect(data.physical).toBe(false);
      });
  });
});
