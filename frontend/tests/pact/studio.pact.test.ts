/**
 * Consumer contracts of the studio's staff screens (backend/splash/staff/routes.py):
 * src/studio/api.ts's calls, through the studio's own client, against Pact's mock server
 * (the set-up and the session cookie: ./studio-provider.ts).
 *
 * Besides the signed-in owner's `session`, a state answers an id of another member as
 * `staffId`. The authenticator's first code at set-up changes with the clock: the state answers
 * it as `code`. Sign-in uses a recovery code, which the state fixes.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/lib/api";
import {
  changeRole,
  finishSetup,
  getMe,
  inviteStaff,
  listActivity,
  listStaff,
  openSetup,
  removeStaff,
  sendSetupLinkAgain,
  signIn,
  signOut,
} from "../../src/studio/api";
import { ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";
import { EXAMPLE_SESSION, JSON_BODY, JSON_ONLY, SIGNED_IN, SIGNED_IN_BODY, studioApi, studioClientFor as client } from "./studio-provider";

const { boolean, eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

const provider = studioApi();

/** Provider states, exactly as backend/testkit/studio_states.py names them. */
const STATES = {
  owner: "a studio owner owner@splash.example with recovery code abcd-efgh-ijkl-mnop",
  /** Answers `session` (the owner's cookie value) and `staffId` (an editor's id). */
  signedIn: "a signed-in studio owner owner@splash.example and an editor",
  /** Answers `token`. */
  setupLink: "a set-up link for nieuw@splash.example",
  /** Answers `token` and `code` (the authenticator's code at set-up). */
  openedLink: "an opened set-up link for nieuw@splash.example",
} as const;

const OWNER = "owner@splash.example";
const PASSWORD = "Studio-Zwemmen-2026";
const RECOVERY_CODE = "abcd-efgh-ijkl-mnop";
const SETUP_TOKEN = "pact-setup-link-0123456789abcdef";
const EDITOR_ID = 2;
const editorPath = (rest = "") => fromProviderState(`/api/studio/staff/\${staffId}${rest}`, `/api/studio/staff/${EDITOR_ID}${rest}`);

const ROLE = regex("^(owner|shop|editor)$", "owner");
const LOCALE = regex("^(nl|en|de|es|fr|sv)$", "en");
const PERMISSION = regex("^(dashboard|orders|ship|refund|customers|stock|content|staff|settings|activity)$", "staff");

function staff(overrides: Record<string, unknown> = {}) {
  return { id: integer(1), email: string(OWNER), name: string("Owner"), role: ROLE, locale: LOCALE, setUp: boolean(true), createdAt: ISO_TIMESTAMP, ...overrides };
}

const ME = { staff: staff({ email: OWNER, role: "owner" }), permissions: eachLike(PERMISSION), sessionExpiresAt: ISO_TIMESTAMP };

describe("studio API contract", () => {
  it("signs in with e-mail, password and a recovery code: who and what they may do", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a studio sign-in with a recovery code")
      .withRequest("POST", "/api/studio/session", (b) => b.headers(JSON_BODY).jsonBody({ email: OWNER, password: PASSWORD, code: RECOVERY_CODE }))
      .willRespondWith(200, (b) => b.jsonBody({ data: ME }))
      .executeTest(async (mock) => {
        const me = await signIn(client(mock.url), { email: OWNER, password: PASSWORD, code: RECOVERY_CODE });
        expect(me.staff).toMatchObject({ email: OWNER, role: "owner", setUp: true });
        expect(me.permissions).toContain("staff");
      });
  });

  it("refuses a sign-in with a wrong password: 401, one answer for every refusal", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a studio sign-in with a wrong password")
      .withRequest("POST", "/api/studio/session", (b) => b.headers(JSON_BODY).jsonBody({ email: OWNER, password: "Niet-het-wachtwoord", code: RECOVERY_CODE }))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "E-mail address, password or code incorrect")))
      .executeTest(async (mock) => {
        const failure = await signIn(client(mock.url), { email: OWNER, password: "Niet-het-wachtwoord", code: RECOVERY_CODE }).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(401);
      });
  });

  it("answers GET /studio/me with the signed-in member", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a request for the signed-in staff member")
      .withRequest("GET", "/api/studio/me", (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: ME }))
      .executeTest(async (mock) => {
        const me = await getMe(client(mock.url, EXAMPLE_SESSION));
        expect(me.staff.email).toBe(OWNER);
      });
  });

  it("answers GET /studio/me without a session: 401", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a request for the signed-in staff member without a session")
      .withRequest("GET", "/api/studio/me", (b) => b.headers(JSON_ONLY))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "Sign in to the studio first")))
      .executeTest(async (mock) => {
        const failure = await getMe(client(mock.url)).catch((error: unknown) => error);
        expect((failure as ApiError).status).toBe(401);
      });
  });

  it("signs out: the session ends", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a studio sign-out")
      .withRequest("DELETE", "/api/studio/session", (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ signedOut: true }))
      .executeTest(async (mock) => {
        expect(await signOut(client(mock.url, EXAMPLE_SESSION))).toEqual({ signedOut: true });
      });
  });

  it("opens a set-up link: who it is for and an authenticator secret", async () => {
    await provider
      .addInteraction()
      .given(STATES.setupLink)
      .uponReceiving("the opening of a set-up link")
      .withRequest("POST", "/api/studio/setup/open", (b) => b.headers(JSON_BODY).jsonBody({ token: SETUP_TOKEN }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            email: "nieuw@splash.example",
            name: string("Nieuw"),
            totpSecret: regex("^[A-Z2-7]{32}$", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"),
            totpUri: regex("^otpauth://totp/.+secret=[A-Z2-7]+.*$", "otpauth://totp/Splash%20Studio:nieuw%40splash.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Splash%20Studio"),
          },
        }),
      )
      .executeTest(async (mock) => {
        const opened = await openSetup(client(mock.url), SETUP_TOKEN);
        expect(opened.email).toBe("nieuw@splash.example");
        expect(opened.totpUri).toMatch(/^otpauth:\/\/totp\//);
      });
  });

  it("refuses a set-up link it does not know: 400 naming the token", async () => {
    await provider
      .addInteraction()
      .given(STATES.setupLink)
      .uponReceiving("the opening of an unknown set-up link")
      .withRequest("POST", "/api/studio/setup/open", (b) => b.headers(JSON_BODY).jsonBody({ token: "unknown-set-up-link-0000000000" }))
      .willRespondWith(400, (b) =>
        b.jsonBody(errorBody(400, "ValidationError", "This set-up link is not valid", { errors: eachLike({ path: ["token"], message: string("This set-up link is not valid"), name: "ValidationError" }) })),
      )
      .executeTest(async (mock) => {
        const failure = await openSetup(client(mock.url), "unknown-set-up-link-0000000000").catch((error: unknown) => error);
        expect((failure as ApiError).fieldMessage(["token"])).toBeTruthy();
      });
  });

  it("finishes setting up with a password and the first code: signed in, ten recovery codes", async () => {
    await provider
      .addInteraction()
      .given(STATES.openedLink)
      .uponReceiving("the end of a set-up with a password and the authenticator's first code")
      .withRequest("POST", "/api/studio/setup", (b) =>
        b.headers(JSON_BODY).jsonBody({ token: SETUP_TOKEN, password: "Nieuw-Zwemmen-2026", code: fromProviderState("${code}", "123456") }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            me: { ...ME, staff: staff({ email: "nieuw@splash.example", name: "Nieuw", role: "shop", locale: "nl" }) },
            recoveryCodes: eachLike(regex("^[a-z2-7]{4}(-[a-z2-7]{4}){3}$", RECOVERY_CODE), 10),
          },
        }),
      )
      .executeTest(async (mock) => {
        const done = await finishSetup(client(mock.url), { token: SETUP_TOKEN, password: "Nieuw-Zwemmen-2026", code: "123456" });
        expect(done.me.staff).toMatchObject({ email: "nieuw@splash.example", role: "shop" });
        expect(done.recoveryCodes).toHaveLength(10);
      });
  });

  it("lists the staff", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a request for the staff")
      .withRequest("GET", "/api/studio/staff", (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(staff(), 2) }))
      .executeTest(async (mock) => {
        const members = await listStaff(client(mock.url, EXAMPLE_SESSION));
        expect(members.map((member) => member.email)).toContain(OWNER);
      });
  });

  it("invites someone with a role and a language: 201, not set up yet", async () => {
    const invitation = { email: "winkel@splash.example", name: "Winkel", role: "shop", locale: "de" } as const;
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("an invitation of a shop member")
      .withRequest("POST", "/api/studio/staff", (b) => b.headers(SIGNED_IN_BODY).jsonBody(invitation))
      .willRespondWith(201, (b) => b.jsonBody({ data: staff({ ...invitation, setUp: false }) }))
      .executeTest(async (mock) => {
        const member = await inviteStaff(client(mock.url, EXAMPLE_SESSION), invitation);
        expect(member).toMatchObject({ ...invitation, setUp: false });
      });
  });

  it("refuses to invite someone who is staff already: 409", async () => {
    const again = { email: "redacteur@splash.example", name: "Redacteur", role: "editor", locale: "nl" } as const;
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("an invitation of someone who is staff already")
      .withRequest("POST", "/api/studio/staff", (b) => b.headers(SIGNED_IN_BODY).jsonBody(again))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "redacteur@splash.example is staff already")))
      .executeTest(async (mock) => {
        const failure = await inviteStaff(client(mock.url, EXAMPLE_SESSION), again).catch((error: unknown) => error);
        expect((failure as ApiError).status).toBe(409);
      });
  });

  it("changes a member's role", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a change of the editor's role to shop")
      .withRequest("PATCH", editorPath(), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ role: "shop" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: staff({ id: fromProviderState("${staffId}", EDITOR_ID), email: "redacteur@splash.example", role: "shop" }) }))
      .executeTest(async (mock) => {
        const member = await changeRole(client(mock.url, EXAMPLE_SESSION), EDITOR_ID, "shop");
        expect(member).toMatchObject({ id: EDITOR_ID, role: "shop" });
      });
  });

  it("removes a member", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("the removal of the editor")
      .withRequest("DELETE", editorPath(), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: staff({ id: fromProviderState("${staffId}", EDITOR_ID), email: "redacteur@splash.example" }) }))
      .executeTest(async (mock) => {
        const member = await removeStaff(client(mock.url, EXAMPLE_SESSION), EDITOR_ID);
        expect(member.email).toBe("redacteur@splash.example");
      });
  });

  it("sends a member a new set-up link: 202", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a new set-up link for the editor")
      .withRequest("POST", editorPath("/invitation"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(202, (b) => b.jsonBody({ data: staff({ id: fromProviderState("${staffId}", EDITOR_ID), email: "redacteur@splash.example" }) }))
      .executeTest(async (mock) => {
        const member = await sendSetupLinkAgain(client(mock.url, EXAMPLE_SESSION), EDITOR_ID);
        expect(member.email).toBe("redacteur@splash.example");
      });
  });

  it("lists the activity log by filter and page, with before and after", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a page of the activity log filtered by action and kind of subject")
      .withRequest("GET", "/api/studio/activity", (b) =>
        b.headers(SIGNED_IN).query({ page: "1", pageSize: "20", action: "staff.invited", subjectType: "staff", since: "2020-01-01" }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            id: integer(1),
            at: ISO_TIMESTAMP,
            actorId: integer(1),
            actor: string(OWNER),
            action: "staff.invited",
            subjectType: "staff",
            subjectId: string("2"),
            address: string("127.0.0.1"),
            before: null,
            after: like({ role: "editor" }),
            note: null,
          }),
          meta: { page: 1, pageSize: 20, total: integer(1) },
        }),
      )
      .executeTest(async (mock) => {
        const found = await listActivity(client(mock.url, EXAMPLE_SESSION), { action: "staff.invited", subjectType: "staff", since: "2020-01-01", actor: "" }, 1, 20);
        expect(found.data[0]).toMatchObject({ action: "staff.invited", after: { role: "editor" } });
        expect(found.meta).toMatchObject({ page: 1, pageSize: 20 });
      });
  });
});
