import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { api } from "../../../lib/api";
import { AuthProvider, createAuthStore } from "../../../lib/auth";
import { fakeApi, failure, ok, signedInStore, userFixture } from "../../../testing/auth";
import { CartProvider, createCartStore } from "../../../lib/cart";
import { clearCookie } from "../../../lib/cookies";
import { renderWithCart, resetCartTestState, setCartCookie } from "../../../testing/cart";
import { createI18n } from "../../../lib/i18n";
import en from "../../../locales/en.json";
import { DEVICE_PASS_HINT } from "../hooks/use-course-view";
import { COURSE_ID, courseFixture, meFixture } from "../../../testing/academy";
import { CoursePage } from "./course-page";

/** Intl separates the euro sign with a no-break space in some languages; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
const ME = `GET /courses/${COURSE_ID}/me`;

afterEach(() => resetCartTestState());

const level = (number: number) => document.getElementById(`level-${number}`) as HTMLElement;
const lessonItem = (title: string) => screen.getByRole("link", { name: new RegExp(`^Lesson \\d:\\s*${title}$`) }).closest("li") as HTMLElement;

describe("CoursePage, signed out (the published page)", () => {
  test("hero, description, levels as anchored sections with lesson count and length, every lesson with its facts", () => {
    fakeApi({});
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    expect(screen.getByRole("heading", { level: 1, name: "Learn to swim with Splash" })).toBeTruthy();
    const hero = screen.getByRole("img", { name: "A child floating in a Splash float suit" });
    expect([hero.getAttribute("width"), hero.getAttribute("height"), hero.getAttribute("sizes")]).toEqual(["1200", "800", "(min-width: 60rem) 50vw, 100vw"]);
    expect(screen.getByText("Practise at your own pace in any pool.")).toBeTruthy();
    expect(within(level(2)).getByRole("heading", { level: 2, name: "Level 2: Floating and gliding" })).toBeTruthy();
    expect(level(2).querySelector(".level-section__facts")?.textContent).toBe("4 lessons · 28 secs");
    expect(document.querySelector(".course-hero__facts")?.textContent).toBe("3 levels · 12 lessons · 1 min 24 secs");
    const lessons = within(within(level(1)).getByRole("list", { name: "Lessons of level 1" })).getAllByRole("listitem");
    expect(lessons).toHaveLength(4);
    const first = lessonItem("Splashing together");
    expect(within(first).getByRole("link").getAttribute("href")).toBe("/academy/learn-to-swim/splashing-together");
    expect(within(first).getByRole("link").textContent).toBe("Lesson 1: Splashing together");
    expect(first.querySelector(".lesson-item__duration time")?.textContent).toBe("7 secs");
    expect(first.querySelector(".lesson-item__duration time")?.getAttribute("datetime")).toBe("PT7S");
    expect(first.textContent).toContain("In “Splashing together” you practise together in the water.");
  });

  test("locked and free lessons say so in words (with an icon), with the badges; only locked ones have an unlock button", () => {
    fakeApi({});
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    const preview = lessonItem("Splashing together");
    expect(preview.textContent).toContain("Free to watch");
    expect(within(preview).getByText("Free preview")).toBeTruthy();
    expect(within(preview).getByText("Free with every float suit")).toBeTruthy();
    expect(within(preview).queryByRole("button")).toBeNull();
    const locked = lessonItem("The star float");
    expect(locked.textContent).toContain("Locked");
    expect(within(locked).queryByText("Free with every float suit")).toBeNull();
    expect(within(locked).getByRole("button", { name: "Unlock “The star float”" })).toBeTruthy();
    expect(locked.querySelector(".lesson-item__access svg")).toBeTruthy();
  });

  test("unlock buttons show the price and the saving (English), and a sign-in hint for owners; no personal read", async () => {
    const server = fakeApi({});
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    const unlockLevel = within(level(2)).getByRole("button", { name: "Unlock level 2" });
    const price = document.getElementById(unlockLevel.getAttribute("aria-describedby") ?? "");
    expect(plain(price?.textContent)).toBe("€14.95 instead of €19.80 Save €4.85");
    const bundle = screen.getByRole("button", { name: "Unlock the whole course" });
    expect(plain(document.getElementById(bundle.getAttribute("aria-describedby") ?? "")?.textContent)).toBe("€34.95 instead of €44.85 Save €9.90");
    expect(plain(lessonItem("Blowing bubbles").querySelector(".unlock__price")?.textContent)).toBe("€4.95");
    expect(await screen.findByRole("link", { name: "Sign in to watch them" })).toBeTruthy();
    expect(server.callsTo(ME)).toEqual([]);
  });

  test("a lesson's length is its video's, in the page's language; none shown before every video is there", () => {
    fakeApi({});
    const course = courseFixture();
    const [first, ...others] = course.levels[0]?.lessons ?? [];
    const levels = [{ ...course.levels[0]!, durationMs: null, lessons: [{ ...first!, durationMs: null }, ...others] }, ...course.levels.slice(1)];
    renderWithCart(<CoursePage course={{ ...course, durationMs: null, levels }} />, { path: "/academy/leren-zwemmen", locale: "de" });
    expect(document.querySelector(".course-hero__facts")?.textContent).toBe("3 Stufen · 12 Lektionen");
    expect(level(1).querySelector(".level-section__facts")?.textContent).toBe("4 Lektionen");
    const items = [...level(1).querySelectorAll(".lesson-item")];
    expect(items.map((item) => item.querySelector(".lesson-item__duration")?.textContent ?? null)).toEqual([null, "7 Sek.", "7 Sek.", "7 Sek."]);
    expect(level(2).querySelector(".level-section__facts")?.textContent).toBe("4 Lektionen · 28 Sek.");
  });

  test("in Dutch the prices and savings are Dutch", async () => {
    fakeApi({});
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/leren-zwemmen", locale: "nl" });
    expect(level(2).querySelector(".level-section__facts")?.textContent).toBe("4 lessen · 28 sec");
    const unlockLevel = within(level(2)).getByRole("button", { name: "Ontgrendel niveau 2" });
    expect(plain(document.getElementById(unlockLevel.getAttribute("aria-describedby") ?? "")?.textContent)).toBe("€ 14,95 in plaats van € 19,80 Bespaar € 4,85");
    expect(await screen.findByRole("link", { name: "Log in om ze te bekijken" })).toBeTruthy();
  });

  test("an unlock button adds the offer once to the cart; the offer then shows 'In your cart' with a link to it", async () => {
    fakeApi({});
    const { cart } = renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    fireEvent.click(within(level(2)).getByRole("button", { name: "Unlock level 2" }));
    expect(cart.getState().lines).toEqual([{ variantId: 120, quantity: 1, options: [] }]);
    expect(cart.getState().feedback[0]).toMatchObject({ added: { title: "Learn to swim with Splash – Level 2: Floating and gliding" }, already: false });
    expect(within(level(2)).queryByRole("button", { name: "Unlock level 2" })).toBeNull();
    expect(within(level(2)).getByText(/In your cart/)).toBeTruthy();
    const toCart = within(level(2)).getByRole("link", { name: "View cart" });
    expect(toCart.getAttribute("href")).toBe("/cart");
    expect(document.activeElement).toBe(toCart); // the button is gone: the keyboard's place moves on to the cart link
  });

  test("an offer already in the cart (from an earlier visit) shows 'In your cart' and no button", async () => {
    setCartCookie([{ variantId: 100, quantity: 1, options: [] }]);
    fakeApi({});
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Unlock the whole course" })).toBeNull());
    expect(document.querySelector(".course-hero .unlock--in-cart")?.textContent).toContain("In your cart.");
  });
});

describe("CoursePage, signed out on the device that paid a guest's order", () => {
  /** What the server answers the browser holding the order's pass: level 2 owned, list prices for the rest, no progress. */
  function deviceView() {
    const published = courseFixture();
    const me = meFixture();
    return meFixture({
      lessons: me.lessons.map((entry) => ({ ...entry, access: entry.lessonId >= 5 && entry.lessonId <= 8 ? "owned" : entry.lessonId === 1 ? "preview" : "locked", positionMs: 0, completed: false })),
      levels: published.levels.map((entry) => ({
        levelId: entry.id,
        completedLessons: 0,
        lessonCount: 4,
        offer: entry.number === 2 ? { ...entry.offer, price: 0, parts: 0, saving: 0, owned: true } : entry.offer,
      })),
      bundle: published.bundle,
      lessonOffers: published.levels.flatMap((entry) => entry.lessons).map((entry) => ({ ...entry.offer, owned: entry.id >= 5 && entry.id <= 8 })),
      continue: null,
    });
  }

  afterEach(() => clearCookie(DEVICE_PASS_HINT));

  test("with the pass's hint the device's view is read: its lessons owned, and how to watch them anywhere, before any unlock button", async () => {
    document.cookie = `${DEVICE_PASS_HINT}=1; Path=/`;
    const server = fakeApi({ [ME]: () => ok({ data: deviceView() }) });
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    await waitFor(() => expect(level(2).querySelector(".level-section__head .unlock--owned")?.textContent).toBe("Unlocked"));
    expect(within(level(2)).queryByRole("button", { name: "Unlock level 2" })).toBeNull();
    expect(within(level(1)).getByRole("button", { name: "Unlock level 1" })).toBeTruthy();
    const note = screen.getByText(/The lessons you ordered play on this device/);
    expect(within(note).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(within(note).getByRole("link", { name: "Set your password" }).getAttribute("href")).toBe("/forgot-password?first=1");
    // Told before the course is offered for sale.
    const bundle = screen.getByRole("button", { name: "Unlock the whole course" });
    expect(note.compareDocumentPosition(bundle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The pass is an HttpOnly cookie the browser sends itself: no token.
    expect(server.callsTo(ME)).toHaveLength(1);
    expect(server.callsTo(ME)[0]?.headers.authorization).toBeUndefined();
  });

  test("a pass that holds no more (401): the published view, and how owners sign in or set their password", async () => {
    document.cookie = `${DEVICE_PASS_HINT}=1; Path=/`;
    const server = fakeApi({ [ME]: () => failure(401) });
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim" });
    await waitFor(() => expect(server.callsTo(ME)).toHaveLength(1));
    const signIn = await screen.findByRole("link", { name: "Sign in to watch them" });
    const note = signIn.closest("p") as HTMLElement;
    expect(note.getAttribute("aria-hidden")).toBeNull();
    expect(note.textContent).toContain("Ordered as a guest?");
    expect(within(note).getByRole("link", { name: "Set your password" }).getAttribute("href")).toBe("/forgot-password?first=1");
    expect(within(level(2)).getByRole("button", { name: "Unlock level 2" })).toBeTruthy();
  });
});

describe("CoursePage, signed in: ownership refreshed after hydration", () => {
  function parentApi(me = () => ok({ data: meFixture() })) {
    return fakeApi({ "GET /users/me": () => ok(userFixture()), [ME]: me });
  }

  test("the parent's prices replace the list prices, owned offers say 'Unlocked' without a button, progress per level", async () => {
    const server = parentApi();
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim", store: await signedInStore() });
    const bundle = await screen.findByRole("button", { name: "Unlock the whole course" });
    await waitFor(() => expect(plain(document.getElementById(bundle.getAttribute("aria-describedby") ?? "")?.textContent)).toBe("€23.30 instead of €29.90 Save €6.60"));
    expect(server.callsTo(ME)[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(within(level(1)).queryByRole("button", { name: "Unlock level 1" })).toBeNull();
    expect(within(level(1)).getByText("Unlocked", { selector: ".unlock--owned" })).toBeTruthy();
    expect(lessonItem("Blowing bubbles").textContent).toContain("Unlocked");
    expect(within(lessonItem("Splashing together")).getByText("Done")).toBeTruthy();
    const progress = within(level(1)).getByRole("progressbar", { name: "1 of 4 lessons done" }) as HTMLProgressElement;
    expect([progress.value, progress.max]).toEqual([1, 4]);
    expect(within(level(2)).getByRole("progressbar", { name: "0 of 4 lessons done" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign in to watch them" })).toBeNull();
  });

  test("'Continue where you left off' shows the lesson, its poster and how far the parent got", async () => {
    parentApi();
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim", store: await signedInStore() });
    const card = (await screen.findByRole("heading", { name: "Continue where you left off" })).closest("section") as HTMLElement;
    expect(within(card).getByText("You watched 50% of it.")).toBeTruthy();
    expect(within(card).getByRole("img", { name: "Poster of Blowing bubbles" })).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Watch “Blowing bubbles”" }).getAttribute("href")).toBe("/academy/learn-to-swim/blowing-bubbles");
  });

  test("when the personal read fails the published page stays as it was", async () => {
    const server = parentApi(() => failure(500, {}, "ApplicationError"));
    renderWithCart(<CoursePage course={courseFixture()} />, { path: "/academy/learn-to-swim", store: await signedInStore() });
    await waitFor(() => expect(server.callsTo(ME)).toHaveLength(1));
    expect(within(level(1)).getByRole("button", { name: "Unlock level 1" })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Continue where you left off" })).toBeNull();
  });
});

test("the server's render is the published page: no personal state, nothing read from the browser", () => {
  const html = renderToString(
    <I18nextProvider i18n={createI18n("en", en)}>
      <AuthProvider store={createAuthStore(api)} googleSignIn={false}>
        <CartProvider store={createCartStore()}>
          <MemoryRouter initialEntries={["/academy/learn-to-swim"]}>
            <CoursePage course={courseFixture()} />
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>
    </I18nextProvider>,
  );
  expect(html).toContain('id="level-3"');
  expect(html).toContain("Unlock the whole course");
  expect(html).not.toContain("progress");
  // The session is unknown until the browser knows it: the sign-in hint only holds its place, unseen.
  expect(html).toMatch(/<p class="course-hero__sign-in" style="visibility:hidden" aria-hidden="true">Already bought[^<]*<!-- --> <a tabindex="-1"/);
});
