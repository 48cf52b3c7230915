import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { REDIRECT_COOKIE, TOKEN_COOKIE, type User } from "../../../lib/auth";
import {
  addressFixture,
  failure,
  fakeApi,
  jwt,
  ok,
  renderWithAuth,
  resetAuthTestState,
  signedInStore,
  userFixture,
  type ApiCall,
  type Reply,
} from "../../../testing/auth";
import { readCookie, writeCookie } from "../../../lib/cookies";
import { ProfileBlock } from "./profile-block";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** One of the account page's forms (two of them ask for the current password). */
function form(id: string): HTMLElement {
  const found = document.getElementById(id);
  expect(found?.tagName).toBe("FORM");
  return found as HTMLElement;
}
const typeIn = (id: string, label: string, value: string) =>
  fireEvent.change(within(form(id)).getByLabelText(label), { target: { value } });

/** The JSON in the multipart field `data` of a PUT /users/me. */
function sentData(call: ApiCall | undefined): unknown {
  expect(call?.body).toBeInstanceOf(FormData);
  return JSON.parse((call?.body as FormData).get("data") as string);
}

/** A fake account API that keeps the user: PUT /users/me applies `data` as the backend would. */
function accountApi(user: User, extra: Record<string, (call: ApiCall) => Reply | Promise<Reply>> = {}) {
  let current = user;
  let nextId = 40;
  return fakeApi({
    "GET /users/me": () => ok(current),
    "PUT /users/me": (call) => {
      const data = JSON.parse((call.body as FormData).get("data") as string) as Partial<User>;
      const addresses = data.addresses?.map((address) => ({ ...address, id: address.id ?? nextId++ })) ?? current.addresses;
      current = { ...current, ...data, addresses };
      return ok(current);
    },
    ...extra,
  });
}

async function renderSignedIn(user: User = userFixture(), extra: Parameters<typeof accountApi>[1] = {}) {
  const server = accountApi(user, extra);
  const store = await signedInStore(jwt("ouder"));
  const view = renderWithAuth(<ProfileBlock />, { path: "/my-splash", store });
  return { server, store, view };
}

const KERKSTRAAT = addressFixture();

afterEach(() => resetAuthTestState());

describe("ProfileBlock, before the session is known", () => {
  test("shows a busy skeleton while the user loads", () => {
    writeCookie(TOKEN_COOKIE, jwt("saved"), 60);
    fakeApi({ "GET /users/me": () => new Promise(() => undefined) });
    const { container } = renderWithAuth(<ProfileBlock />, { path: "/my-splash" });
    expect(container.querySelector("[aria-busy='true']")?.getAttribute("aria-label")).toBe("Loading your account…");
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
  });

  test("signed out: a friendly card to log in or register, which come back to this page", async () => {
    fakeApi({});
    const view = renderWithAuth(<ProfileBlock />, { path: "/my-splash" });
    const login = await screen.findByRole("link", { name: "Log in" });
    expect(screen.getByRole("heading", { level: 2, name: "Your Splash account" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/register");
    expect(login.getAttribute("href")).toBe("/login");
    fireEvent.click(login);
    expect(readCookie(REDIRECT_COOKIE)).toBe("/my-splash");
    expect(view.location()).toBe("/login");
  });
});

describe("ProfileBlock, signed in", () => {
  test("greets the parent by name (a heading), says which address is signed in, shows the details with the e-mail read-only", async () => {
    await renderSignedIn();
    expect(screen.getByText("Logged in as ouder@example.com")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Hi Sanne!",
      "My lessons",
      "Your details",
      "Addresses",
      "E-mail address",
      "Password and security",
    ]);
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Sanne");
    expect((screen.getByLabelText("Last name") as HTMLInputElement).value).toBe("de Vries");
    const email = screen.getByLabelText("Email address") as HTMLInputElement;
    expect(email.value).toBe("ouder@example.com");
    expect(email.readOnly).toBe(true);
    expect(screen.queryByText(/Please confirm your e-mail address/)).toBeNull();
  });

  test("saves first and last name as multipart data JSON with the bearer, and says so", async () => {
    // given
    const { server, store } = await renderSignedIn();
    // when
    type("First name", "Anna");
    fireEvent.click(screen.getByRole("button", { name: "Save my details" }));
    // then
    expect((await screen.findByText("Your details have been saved.")).getAttribute("role")).toBe("status");
    const [put] = server.callsTo("PUT /users/me");
    expect(sentData(put)).toEqual({ firstname: "Anna", lastname: "de Vries" });
    expect(put?.headers.authorization).toBe(`Bearer ${jwt("ouder")}`);
    expect(put?.headers["content-type"]).toBeUndefined(); // the browser sets multipart with its boundary
    expect(store.getState().user?.firstname).toBe("Anna");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Anna");
    expect(screen.getByRole("heading", { level: 2, name: "Hi Anna!" })).toBeTruthy();
  });

  test("a field error from the API lands at its field", async () => {
    await renderSignedIn(userFixture(), {
      "PUT /users/me": () => failure(400, { errors: [{ path: ["data", "lastname"], message: "lastname is too long", name: "ValidationError" }] }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Save my details" }));
    expect((await screen.findByText("lastname is too long")).id).toBe("profile-details-lastname-error");
  });

  test("a session that ended elsewhere (401) signs out and shows the login card", async () => {
    const { store } = await renderSignedIn(userFixture(), { "PUT /users/me": () => failure(401) });
    fireEvent.click(screen.getByRole("button", { name: "Save my details" }));
    expect(await screen.findByRole("link", { name: "Log in" })).toBeTruthy();
    expect(store.getState().status).toBe("signed-out");
  });

  test("an unconfirmed address gets a banner that sends the confirmation again", async () => {
    const { server } = await renderSignedIn(userFixture({ confirmed: false }), {
      "POST /auth/send-email-confirmation": () => ok({ email: "ouder@example.com", sent: true }),
    });
    expect(screen.getByText("Please confirm your e-mail address: we sent a link to ouder@example.com.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send the e-mail again" }));
    expect(await screen.findByText("A new e-mail is on its way to ouder@example.com.")).toBeTruthy();
    expect(server.callsTo("POST /auth/send-email-confirmation")[0]?.body).toEqual({ email: "ouder@example.com" });
  });
});

describe("ProfileBlock, addresses", () => {
  test("without addresses it says so; adding one sends the whole list and focuses the new address", async () => {
    // given
    const { server } = await renderSignedIn(userFixture({ addresses: [] }));
    expect(screen.getByText("You have not saved an address yet.")).toBeTruthy();
    // when
    fireEvent.click(screen.getByRole("button", { name: "Add an address" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Street")));
    type("Street", "Damrak");
    type("House number", "1");
    type("Postal code", "1012 LG");
    type("City", "Amsterdam");
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "nl" } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    // then
    expect(await screen.findByText("The address has been saved.")).toBeTruthy();
    expect(sentData(server.callsTo("PUT /users/me")[0])).toEqual({
      addresses: [{ street: "Damrak", housenumber: "1", addition: null, additionalInfo: null, postalCode: "1012 LG", city: "Amsterdam", country: "nl" }],
    });
    const card = document.getElementById("address-40");
    expect(card?.textContent).toContain("Damrak 1");
    expect(card?.textContent).toContain("Netherlands");
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  test("a new address on the Swedish site starts in Sweden; existing addresses are sent along with their ids", async () => {
    const server = accountApi(userFixture({ addresses: [KERKSTRAAT] }));
    const store = await signedInStore();
    renderWithAuth(<ProfileBlock />, { path: "/mitt-splash", store, locale: "sv" });
    fireEvent.click(screen.getByRole("button", { name: "Lägg till en adress" }));
    expect((screen.getByLabelText("Land") as HTMLSelectElement).value).toBe("se");
    type("Gata", "Storgatan");
    type("Husnummer", "5");
    type("Postnummer", "111 22");
    type("Ort", "Stockholm");
    fireEvent.click(screen.getByRole("button", { name: "Spara adressen" }));
    await screen.findByText("Adressen har sparats.");
    const sent = sentData(server.callsTo("PUT /users/me")[0]) as { addresses: { id?: number; city: string }[] };
    expect(sent.addresses.map((address) => [address.id, address.city])).toEqual([
      [3, "Amsterdam"],
      [undefined, "Stockholm"],
    ]);
  });

  test("editing an address sends it with its id and focuses it afterwards", async () => {
    const { server } = await renderSignedIn(userFixture({ addresses: [KERKSTRAAT] }));
    fireEvent.click(screen.getByRole("button", { name: "Edit Kerkstraat 12 B" }));
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Amsterdam");
    type("City", "Utrecht");
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("The address has been saved.")).toBeTruthy();
    expect(sentData(server.callsTo("PUT /users/me")[0])).toEqual({
      addresses: [{ id: 3, street: "Kerkstraat", housenumber: "12", addition: "B", additionalInfo: null, postalCode: "1017 GC", city: "Utrecht", country: "nl" }],
    });
    const card = document.getElementById("address-3");
    expect(card?.textContent).toContain("1017 GC Utrecht");
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  test("cancelling an edit sends nothing and returns focus to the address", async () => {
    const { server } = await renderSignedIn(userFixture({ addresses: [KERKSTRAAT] }));
    fireEvent.click(screen.getByRole("button", { name: "Edit Kerkstraat 12 B" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById("address-3")));
    expect(server.callsTo("PUT /users/me")).toEqual([]);
  });

  test("the API's error for the edited address lands at its field", async () => {
    await renderSignedIn(userFixture({ addresses: [KERKSTRAAT] }), {
      "PUT /users/me": () =>
        failure(400, { errors: [{ path: ["data", "addresses", "0", "postalCode"], message: "postalCode is not valid", name: "ValidationError" }] }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Edit Kerkstraat 12 B" }));
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect((await screen.findByText("postalCode is not valid")).id).toBe("address-form-3-postalCode-error");
  });

  test("removing asks first: 'No' keeps the address and sends nothing", async () => {
    const { server } = await renderSignedIn(userFixture({ addresses: [KERKSTRAAT] }));
    fireEvent.click(screen.getByRole("button", { name: "Remove Kerkstraat 12 B" }));
    const question = screen.getByRole("group", { name: "Remove Kerkstraat 12 B?" });
    const keep = within(question).getByRole("button", { name: "No, keep it" });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove Kerkstraat 12 B" })));
    expect(server.callsTo("PUT /users/me")).toEqual([]);
  });

  test("'Yes, remove' sends the list without it, announces it and focuses the addresses heading", async () => {
    const other = addressFixture({ id: 4, street: "Damrak", housenumber: "1", addition: null });
    const { server } = await renderSignedIn(userFixture({ addresses: [KERKSTRAAT, other] }));
    fireEvent.click(screen.getByRole("button", { name: "Remove Kerkstraat 12 B" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove" }));
    expect(await screen.findByText("The address has been removed.")).toBeTruthy();
    expect(sentData(server.callsTo("PUT /users/me")[0])).toEqual({ addresses: [{ ...other }] });
    expect(document.getElementById("address-3")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Addresses" })));
  });

  test("a failed removal keeps the address and says so", async () => {
    await renderSignedIn(userFixture({ addresses: [KERKSTRAAT] }), { "PUT /users/me": () => failure(500, {}, "InternalServerError") });
    fireEvent.click(screen.getByRole("button", { name: "Remove Kerkstraat 12 B" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove" }));
    const alert = await screen.findByText("Sorry, something went wrong. Please try again in a moment.");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(document.getElementById("address-3")).not.toBeNull();
  });

  test("at ten addresses no more can be added", async () => {
    const addresses = Array.from({ length: 10 }, (_, index) => addressFixture({ id: index + 1, housenumber: String(index + 1) }));
    await renderSignedIn(userFixture({ addresses }));
    expect(screen.queryByRole("button", { name: "Add an address" })).toBeNull();
    expect(screen.getByText("You can save up to 10 addresses.")).toBeTruthy();
  });
});

describe("ProfileBlock, a new e-mail address", () => {
  test("asks with the current password, then says where the link went; the address stays until then", async () => {
    const { server, store } = await renderSignedIn(userFixture(), {
      "POST /auth/change-email": () => ok({ email: "nieuw@example.com", sent: true }),
    });
    typeIn("change-email", "New e-mail address", " nieuw@example.com ");
    typeIn("change-email", "Current password", "Zwemmen-2026");
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    const sent = await screen.findByText(
      "Almost done: open the link we sent to nieuw@example.com. Until then you keep logging in with your current address.",
    );
    expect(sent.getAttribute("role")).toBe("status");
    const [change] = server.callsTo("POST /auth/change-email");
    expect(change?.body).toEqual({ email: "nieuw@example.com", currentPassword: "Zwemmen-2026" });
    expect(change?.headers.authorization).toBe(`Bearer ${jwt("ouder")}`);
    expect(store.getState().user?.email).toBe("ouder@example.com");
  });

  test("an address with an account, or the same address, is told at the e-mail field, in Dutch", async () => {
    const server = accountApi(userFixture(), { "POST /auth/change-email": () => failure(400, { code: "email_taken" }) });
    const store = await signedInStore();
    renderWithAuth(<ProfileBlock />, { path: "/mijn-splash", store, locale: "nl" });
    typeIn("change-email", "Nieuw e-mailadres", "ander@example.com");
    typeIn("change-email", "Huidig wachtwoord", "Zwemmen-2026");
    fireEvent.click(screen.getByRole("button", { name: "Stuur de link" }));
    expect((await screen.findByText("Er bestaat al een account met dit e-mailadres.")).id).toBe("change-email-email-error");
    expect(server.callsTo("POST /auth/change-email")).toHaveLength(1);
  });

  test("a wrong current password is shown at that field", async () => {
    await renderSignedIn(userFixture(), {
      "POST /auth/change-email": () => failure(400, { code: "current_password_incorrect" }),
    });
    typeIn("change-email", "New e-mail address", "nieuw@example.com");
    typeIn("change-email", "Current password", "fout");
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect((await screen.findByText("Your current password is not correct.")).id).toBe("change-email-currentPassword-error");
  });
});

describe("ProfileBlock, password and logging out", () => {
  test("changing the password sends the three fields and goes on with the new token", async () => {
    // given
    const { server, store } = await renderSignedIn(userFixture(), {
      "POST /auth/change-password": () => ok({ jwt: jwt("changed"), user: userFixture() }),
    });
    // when
    typeIn("change-password", "Current password", "Zwemmen-2026");
    type("New password", "Zwemmen-2027");
    type("Repeat new password", "Zwemmen-2027");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    // then
    expect(await screen.findByText("Your password has been changed.")).toBeTruthy();
    const [change] = server.callsTo("POST /auth/change-password");
    expect(change?.body).toEqual({ currentPassword: "Zwemmen-2026", password: "Zwemmen-2027", passwordConfirmation: "Zwemmen-2027" });
    expect(change?.headers.authorization).toBe(`Bearer ${jwt("ouder")}`);
    expect(server.callsTo("GET /users/me").at(-1)?.headers.authorization).toBe(`Bearer ${jwt("changed")}`);
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("changed"));
    expect(store.getState().status).toBe("signed-in");
    expect((within(form("change-password")).getByLabelText("Current password") as HTMLInputElement).value).toBe("");
  });

  test("a wrong current password is shown at that field, in Dutch", async () => {
    const server = accountApi(userFixture(), { "POST /auth/change-password": () => failure(400, { code: "current_password_incorrect" }) });
    const store = await signedInStore();
    renderWithAuth(<ProfileBlock />, { path: "/mijn-splash", store, locale: "nl" });
    typeIn("change-password", "Huidig wachtwoord", "fout-wachtwoord");
    type("Nieuw wachtwoord", "Zwemmen-2027");
    type("Herhaal nieuw wachtwoord", "Zwemmen-2027");
    fireEvent.click(screen.getByRole("button", { name: "Wachtwoord wijzigen" }));
    expect((await screen.findByText("Je huidige wachtwoord klopt niet.")).id).toBe("change-password-currentPassword-error");
    expect(server.callsTo("POST /auth/change-password")).toHaveLength(1);
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("ouder"));
  });

  test("a parent who signed up with Google is shown how to get a password instead of the form", async () => {
    await renderSignedIn(userFixture({ provider: "google" }));
    expect(screen.queryByLabelText("Current password")).toBeNull();
    expect(screen.getByText("You log in with Google, so your e-mail address comes from your Google account.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request one here." }).getAttribute("href")).toBe("/forgot-password");
  });

  test("Log out signs out and goes home", async () => {
    const { store, view } = await renderSignedIn();
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(store.getState().status).toBe("signed-out");
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(view.location()).toBe("/");
  });

  test("Log out on all devices ends every session at the API, then signs out and goes home", async () => {
    const { server, store, view } = await renderSignedIn(userFixture(), { "POST /auth/logout-everywhere": () => ok({ ok: true }) });
    fireEvent.click(screen.getByRole("button", { name: "Log out on all devices" }));
    await waitFor(() => expect(view.location()).toBe("/"));
    expect(server.callsTo("POST /auth/logout-everywhere")[0]?.headers.authorization).toBe(`Bearer ${jwt("ouder")}`);
    expect(store.getState().status).toBe("signed-out");
  });

  test("when logging out everywhere fails, the parent stays signed in and is told", async () => {
    const { store } = await renderSignedIn(userFixture(), { "POST /auth/logout-everywhere": () => failure(500, {}, "InternalServerError") });
    fireEvent.click(screen.getByRole("button", { name: "Log out on all devices" }));
    expect((await screen.findByText("Sorry, something went wrong. Please try again in a moment.")).getAttribute("role")).toBe("alert");
    expect(store.getState().status).toBe("signed-in");
  });

  test("signing out elsewhere in the app replaces the account with the login card", async () => {
    const { store } = await renderSignedIn();
    act(() => store.signOut());
    expect(screen.getByRole("link", { name: "Log in" })).toBeTruthy();
    expect(screen.queryByLabelText("First name")).toBeNull();
  });
});
