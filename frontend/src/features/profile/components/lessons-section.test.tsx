import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { failure, fakeApi, ok, renderWithAuth, resetAuthTestState, signedInStore, userFixture, type Reply } from "../../../testing/auth";
import type { Locale } from "../../../lib/i18n";
import type { MyCourse } from "../api/get-my-lessons";
import { ProfileBlock } from "./profile-block";

afterEach(() => resetAuthTestState());

const COURSE: MyCourse = {
  courseId: 1,
  title: "Learn to swim with Splash",
  path: "/academy/learn-to-swim",
  ownedLessons: 4,
  completedLessons: 1,
  lessonCount: 12,
  continue: {
    lessonId: 2,
    title: "Blowing bubbles",
    path: "/academy/learn-to-swim/blowing-bubbles",
    positionMs: 4000,
    durationMs: 8000,
    poster: { src: "/media/academy/posters/level-1-lesson-2.webp", width: 1280, height: 720, alt: "Poster" },
    access: "owned",
  },
};

async function renderLessons(answer: () => Reply, locale: Locale = "en") {
  const server = fakeApi({ "GET /users/me": () => ok(userFixture()), "GET /academy/me": answer });
  renderWithAuth(<ProfileBlock />, { path: "/my-splash", locale, store: await signedInStore() });
  const section = (await screen.findByRole("heading", { level: 2, name: locale === "nl" ? "Mijn lessen" : "My lessons" })).closest("section") as HTMLElement;
  return { server, section };
}

describe("My lessons (the profile)", () => {
  test("per course: what the parent owns and completed, and a link to continue where they left off", async () => {
    const { server, section } = await renderLessons(() => ok({ data: { courses: [COURSE] } }));
    expect((await within(section).findByRole("link", { name: "Learn to swim with Splash" })).getAttribute("href")).toBe("/academy/learn-to-swim");
    expect(within(section).getByText("4 of 12 lessons unlocked · 1 done")).toBeTruthy();
    expect(within(section).getByText(/Continue where you left off/)).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Blowing bubbles" }).getAttribute("href")).toBe("/academy/learn-to-swim/blowing-bubbles");
    expect(server.callsTo("GET /academy/me")[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  test("all done: no continue link; in Dutch", async () => {
    const { section } = await renderLessons(() => ok({ data: { courses: [{ ...COURSE, completedLessons: 4, continue: null }] } }), "nl");
    expect(await within(section).findByText("4 van 12 lessen ontgrendeld · 4 afgerond")).toBeTruthy();
    expect(within(section).queryByText(/Ga verder/)).toBeNull();
  });

  test("nothing owned: an invitation to the academy", async () => {
    const { section } = await renderLessons(() => ok({ data: { courses: [] } }));
    expect(await within(section).findByText(/You have no lessons yet/)).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Discover the academy" }).getAttribute("href")).toBe("/academy");
  });

  test("a failed read says so and tries again", async () => {
    const answers: Reply[] = [failure(500, {}, "ApplicationError"), ok({ data: { courses: [COURSE] } })];
    const { section } = await renderLessons(() => answers.shift() as Reply);
    expect(await within(section).findByText("We could not load your lessons just now.")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(within(section).getByRole("link", { name: "Learn to swim with Splash" })).toBeTruthy());
  });
});
