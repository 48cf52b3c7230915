import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { REDIRECT_COOKIE } from "../../../../lib/auth";
import { failure, fakeApi, ok, signedInStore, userFixture, type Reply } from "../../../../testing/auth";
import { CART_COOKIE } from "../../../../lib/cart";
import { renderWithCart, resetCartTestState } from "../../../../testing/cart";
import { readCookie } from "../../../../lib/cookies";
import type { Locale } from "../../../../lib/i18n";
import { FakeHls } from "../../../../testing/hls";
import { accessFixture, lessonFixture } from "../../../../testing/lesson";
import type { LessonData } from "../types";
import { LessonPage } from "./lesson-page";

vi.mock("hls.js", async () => ({ default: (await import("../../../../testing/hls")).FakeHls }));

// The page waits for the access call and lazy chunks: on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Intl separates the euro sign with a no-break space in some languages; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const LOCKED = accessFixture({ access: "locked", keyToken: null, expiresAt: null });

function lessonApi(access: Reply | (() => Reply) = ok({ data: LOCKED })) {
  return fakeApi({
    "GET /lessons/5/access": () => (typeof access === "function" ? access() : access),
    "GET /users/me": () => ok(userFixture()),
    "PUT /lessons/5/progress": (call) => ok({ data: { lessonId: 5, ...(call.body as object) } }),
  });
}

async function renderPage(lesson: LessonData = lessonFixture(), { locale = "en", signedIn = false }: { locale?: Locale; signedIn?: boolean } = {}) {
  const store = signedIn ? await signedInStore() : undefined;
  return renderWithCart(<LessonPage lesson={lesson} />, { path: lesson.path, locale, store });
}

const video = () => document.querySelector("video") as HTMLVideoElement;

/** The poster's Play: the player's chunk loads and its <video> appears. */
async function pressPlay() {
  fireEvent.click(await screen.findByRole("button", { name: "Play" }));
  await waitFor(() => expect(video()).not.toBeNull());
}

afterEach(() => {
  resetCartTestState();
  FakeHls.reset();
  vi.restoreAllMocks();
});

describe("LessonPage", () => {
  test("the way back to the course and level, title, lesson number, length, description and the neighbouring lessons", async () => {
    const server = lessonApi();
    await renderPage();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    const links = within(breadcrumb).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Learn to swim with Splash", "/academy/learn-to-swim"],
      ["Level 2: Floating and gliding", "/academy/learn-to-swim#level-2"],
    ]);
    expect(within(breadcrumb).getByText("Floating on your back").getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("heading", { level: 1, name: "Floating on your back" })).toBeTruthy();
    expect(screen.getByText("Lesson 1 of level 2")).toBeTruthy();
    expect(document.querySelector(".lesson-page__meta time")?.textContent).toBe("8 secs");
    expect(screen.getByText(/ears in, tummy up/)).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Other lessons" });
    expect(within(pager).getAllByRole("link").map((link) => [link.getAttribute("rel"), link.getAttribute("href")])).toEqual([
      ["prev", "/academy/learn-to-swim/blowing-bubbles"],
      ["next", "/academy/learn-to-swim/gliding-like-a-starfish"],
    ]);
    await waitFor(() => expect(server.callsTo("GET /lessons/5/access")).toHaveLength(1));
  });

  test.each([
    ["nl", 7000, "7 sec"],
    ["de", 7000, "7 Sek."],
    ["en", 95_000, "1 min 35 secs"],
  ] as const)("in %s a video of %i ms is shown as %s", async (locale, durationMs, shown) => {
    lessonApi();
    const lesson = lessonFixture();
    await renderPage({ ...lesson, durationMs, video: lesson.video && { ...lesson.video, durationMs } }, { locale });
    expect(document.querySelector(".lesson-page__meta time")?.textContent).toBe(shown);
  });

  test("a lesson without a video states no length", async () => {
    lessonApi();
    await renderPage({ ...lessonFixture(), durationMs: null, video: null });
    expect(screen.getByText("Lesson 1 of level 2")).toBeTruthy();
    expect(document.querySelector(".lesson-page__meta time")).toBeNull();
  });

  test("a guest on a locked lesson: the poster with a lock, both unlock offers with price and saving, and a sign-in link", async () => {
    lessonApi();
    const { location } = await renderPage();
    expect(await screen.findByText("Locked")).toBeTruthy();
    // An owner is told how to sign in — or to set the password a guest's order left unset — before the offers.
    const setPassword = screen.getByRole("link", { name: "Set your password" });
    expect(setPassword.getAttribute("href")).toBe("/forgot-password?first=1");
    const firstOffer = screen.getByRole("button", { name: "Unlock this lesson for €4.95" });
    expect(setPassword.compareDocumentPosition(firstOffer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("img", { name: "A child floating on its back in the float suit" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unlock this lesson for €4.95" })).toBeTruthy();
    const level = screen.getByRole("button", { name: "Unlock level 2 for €14.95" }).closest(".unlock-offer");
    expect(plain(level?.textContent)).toContain("Save €4.85");
    expect(document.querySelector("video")).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Sign in to watch" }));
    expect(location()).toBe("/login");
    expect(readCookie(REDIRECT_COOKIE)).toBe("/academy/learn-to-swim/floating-on-your-back");
  });

  test("an unlock button adds its offer to the shop's cart, then says it is in the cart", async () => {
    lessonApi();
    await renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Unlock level 2 for €14.95" }));
    expect(JSON.parse(decodeURIComponent(readCookie(CART_COOKIE) ?? "[]"))).toEqual([{ variantId: 202, quantity: 1, options: [] }]);
    expect(screen.queryByRole("button", { name: "Unlock level 2 for €14.95" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to your cart" }).getAttribute("href")).toBe("/cart");
    expect(screen.getByRole("button", { name: "Unlock this lesson for €4.95" })).toBeTruthy();
  });

  test("in Dutch: the offers in Dutch words and euro formatting", async () => {
    lessonApi();
    await renderPage(lessonFixture({ path: "/academy/leren-zwemmen/drijven-op-je-rug" }), { locale: "nl" });
    expect(await screen.findByText("Vergrendeld")).toBeTruthy();
    const level = screen.getByRole("button", { name: /^Ontgrendel niveau 2 voor/ });
    expect(plain(level.textContent)).toBe("Ontgrendel niveau 2 voor € 14,95");
    expect(plain(level.closest(".unlock-offer")?.textContent)).toContain("Bespaar € 4,85");
    expect(screen.getByRole("link", { name: "Log in om te kijken" }).getAttribute("href")).toBe("/inloggen");
  });

  test("a free preview plays for anyone, and a guest's position is not sent", async () => {
    const server = lessonApi(ok({ data: accessFixture({ access: "preview" }) }));
    await renderPage(lessonFixture({ freePreview: true }));
    await pressPlay();
    expect(screen.getByText("Free preview")).toBeTruthy();
    await waitFor(() => expect(FakeHls.last().loadSource).toHaveBeenCalled());
    expect(screen.queryByRole("link", { name: "Sign in to watch" })).toBeNull();
    video().currentTime = 3;
    fireEvent(video(), new Event("pause"));
    expect(server.callsTo("PUT /lessons/5/progress")).toHaveLength(0);
  });

  test("an owner's position is saved through the API; at the end 'Lesson complete' and the next lesson, focused", async () => {
    const server = lessonApi(ok({ data: accessFixture() }));
    await renderPage(lessonFixture(), { signedIn: true });
    await pressPlay();
    video().currentTime = 3;
    fireEvent(video(), new Event("pause"));
    await waitFor(() => expect(server.callsTo("PUT /lessons/5/progress")).toHaveLength(1));
    const [saved] = server.callsTo("PUT /lessons/5/progress");
    expect(saved?.body).toEqual({ positionMs: 3000, completed: false });
    expect(saved?.headers.authorization).toMatch(/^Bearer /);
    act(() => {
      fireEvent(video(), new Event("ended"));
    });
    await waitFor(() => expect(server.callsTo("PUT /lessons/5/progress")).toHaveLength(2));
    expect(server.callsTo("PUT /lessons/5/progress")[1]?.body).toEqual({ positionMs: 8000, completed: true });
    expect(screen.getByRole("heading", { level: 2, name: "Lesson complete" })).toBeTruthy();
    const next = screen.getByRole("link", { name: "Next lesson: Gliding like a starfish" });
    expect(document.activeElement).toBe(next);
    expect(next.getAttribute("href")).toBe("/academy/learn-to-swim/gliding-like-a-starfish");
  });

  test("after the last lesson: the way back to the course, focused", async () => {
    lessonApi(ok({ data: accessFixture() }));
    await renderPage(lessonFixture({ next: null }));
    await pressPlay();
    act(() => {
      fireEvent(video(), new Event("ended"));
    });
    expect(screen.getByText("That was the last lesson of this course. Well done!")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Back to Learn to swim with Splash" }));
  });

  test("the player loads only on Play: the poster with Play inside the lesson's region first, then the video starts", async () => {
    lessonApi(ok({ data: accessFixture() }));
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    await renderPage();
    const stage = screen.getByRole("region", { name: "Video: Floating on your back" });
    const button = await within(stage).findByRole("button", { name: "Play" });
    expect(video()).toBeNull();
    expect(FakeHls.instances).toHaveLength(0);
    expect(screen.queryByRole("group", { name: "Continue where you left off?" })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(video()).not.toBeNull());
    expect(within(stage).queryByRole("button", { name: "Play" })).toBeNull();
    fireEvent(video(), new Event("loadedmetadata"));
    expect(video().currentTime).toBe(0);
    expect(play).toHaveBeenCalledTimes(1);
  });

  test("where the parent stopped part-way, the question comes before the player: 'Continue at 1:23' loads it and plays from there", async () => {
    lessonApi(ok({ data: accessFixture({ positionMs: 83_000 }) }));
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    await renderPage(lessonFixture({ video: { ...lessonFixture().video!, durationMs: 120_000 } }));
    const question = await screen.findByRole("group", { name: "Continue where you left off?" });
    expect(video()).toBeNull();
    fireEvent.click(within(question).getByRole("button", { name: "Continue at 1:23" }));
    await waitFor(() => expect(video()).not.toBeNull());
    expect(screen.queryByRole("group", { name: "Continue where you left off?" })).toBeNull();
    fireEvent(video(), new Event("loadedmetadata"));
    expect(video().currentTime).toBe(83);
    expect(play).toHaveBeenCalledTimes(1);
  });

  test("no question for a completed lesson: the poster offers Play only", async () => {
    lessonApi(ok({ data: accessFixture({ positionMs: 83_000, completed: true }) }));
    await renderPage(lessonFixture({ video: { ...lessonFixture().video!, durationMs: 120_000 } }));
    await screen.findByRole("button", { name: "Play" });
    expect(screen.queryByRole("group", { name: "Continue where you left off?" })).toBeNull();
  });

  test("when access cannot be checked: an error with a retry that asks again", async () => {
    let answer: Reply = failure(500, {}, "InternalServerError");
    const server = lessonApi(() => answer);
    await renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("We could not check whether you can watch this lesson");
    answer = ok({ data: LOCKED });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Locked")).toBeTruthy();
    expect(server.callsTo("GET /lessons/5/access")).toHaveLength(2);
  });
});
