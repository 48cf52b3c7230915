/**
 * Consumer contracts of the account calls (contracts/accounts-api.md): the auth feature's and
 * lib/auth's API modules through the real lib/api client against Pact's mock server. Written into
 * contracts/pacts/splash-web-splash-api.json with the other contracts.
 *
 * Tokens and reset codes change with every run of the provider states, so the bearer and the reset
 * code come from the state (fromProviderState): "a signed-in parent …" answers `token`, "a reset
 * code for …" answers `code`; the consumer side runs with the example values.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { forgotPassword } from "../../src/features/auth/api/forgot-password";
import { googleCallback } from "../../src/features/auth/api/google-callback";
import { googleLink } from "../../src/features/auth/api/google-link";
import { login } from "../../src/features/auth/api/login";
import { register } from "../../src/features/auth/api/register";
import { resetPassword } from "../../src/features/auth/api/reset-password";
import { changeEmail } from "../../src/features/profile/api/change-email";
import { changePassword } from "../../src/features/profile/api/change-password";
import { logoutEverywhere } from "../../src/features/profile/api/logout-everywhere";
import { ApiError } from "../../src/lib/api";
import { authErrorCode, sendEmailConfirmation } from "../../src/lib/auth";
import { BEARER, codedDetails, EXAMPLE_TOKEN, signedIn, STATES } from "./accounts";
import { clientFor as client, clientWithCookie, errorBody, splashApi } from "./provider";

const { fromProviderState } = MatchersV3;

const provider = splashApi();

/** jsonBody adds the JSON content type. */
const JSON_REQUEST = { accept: "application/json" };
/** A Google access token as Google hands them out: never accepted by Splash. */
const GOOGLE_ACCESS_TOKEN = "ya29.a0AfB_byGoogleAccessToken";
const EXAMPLE_TICKET = "q3Jx0c1Z8mHhW2pYt5bVd9kLr4sNf7gAe6uPo0iTj1M";
const EXAMPLE_BINDING = "Vb8yN2kQ5rXw1tZc7mLp4dHs9gFj3aUe0oRi6nKy2vE";
/** The browser's HttpOnly Google flow cookie: the browser sends it itself; here it is set by hand. */
const FLOW_COOKIE = fromProviderState("splash_google=${binding}", `splash_google=${EXAMPLE_BINDING}`);

const withFlowCookie = (url: string) => clientWithCookie(url, `splash_google=${EXAMPLE_BINDING}`);
const EXAMPLE_RESET_CODE = "5f1c2a9e7b3d4c6a8e0f1b2c3d4e5f6a";

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const failure = await promise.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
}

describe("auth API contract", () => {
  it("registers a new parent: a token and the unconfirmed user", async () => {
    await provider
      .addInteraction()
      .given(STATES.noAccount)
      .uponReceiving("a registration for nieuw@example.com")
      .withRequest("POST", "/api/auth/local/register", (b) =>
        b.headers(JSON_REQUEST).jsonBody({ username: "nieuw@example.com", email: "nieuw@example.com", password: "Zwemmen-2026" }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(signedIn({ username: "nieuw@example.com", email: "nieuw@example.com", provider: "local", confirmed: false, blocked: false })),
      )
      .executeTest(async (mock) => {
        const { jwt, user } = await register({ email: "nieuw@example.com", password: "Zwemmen-2026" }, client(mock.url));
        expect(jwt).toBe(EXAMPLE_TOKEN);
        expect(user).toMatchObject({ email: "nieuw@example.com", username: "nieuw@example.com", confirmed: false, provider: "local" });
      });
  });

  it("refuses a registration for an address that has an account: email_taken at email", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a registration for ouder@example.com, which has an account")
      .withRequest("POST", "/api/auth/local/register", (b) =>
        b.headers(JSON_REQUEST).jsonBody({ username: "ouder@example.com", email: "ouder@example.com", password: "Zwemmen-2026" }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody(errorBody(400, "ValidationError", "Email is already taken", codedDetails("email_taken", ["email"]))),
      )
      .executeTest(async (mock) => {
        const error = await failureOf(register({ email: "ouder@example.com", password: "Zwemmen-2026" }, client(mock.url)));
        expect(error.status).toBe(400);
        expect(authErrorCode(error)).toBe("email_taken");
        expect(error.details.errors?.[0]?.path).toEqual(["email"]);
      });
  });

  it("logs a confirmed parent in: a token and the user", async () => {
    await provider
      .addInteraction()
      .given(STATES.confirmedParent)
      .uponReceiving("a login with the right password")
      .withRequest("POST", "/api/auth/local", (b) =>
        b.headers(JSON_REQUEST).jsonBody({ identifier: "ouder@example.com", password: "Zwemmen-2026" }),
      )
      .willRespondWith(200, (b) => b.jsonBody(signedIn({ email: "ouder@example.com", confirmed: true })))
      .executeTest(async (mock) => {
        const { jwt, user } = await login({ identifier: "ouder@example.com", password: "Zwemmen-2026" }, client(mock.url));
        expect(jwt).toBe(EXAMPLE_TOKEN);
        expect(user).toMatchObject({ email: "ouder@example.com", confirmed: true });
      });
  });

  it("refuses a wrong password: invalid_credentials", async () => {
    await provider
      .addInteraction()
      .given(STATES.confirmedParent)
      .uponReceiving("a login with a wrong password")
      .withRequest("POST", "/api/auth/local", (b) =>
        b.headers(JSON_REQUEST).jsonBody({ identifier: "ouder@example.com", password: "Verkeerd-2026" }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody(errorBody(400, "ValidationError", "Email address and/or password incorrect", { code: "invalid_credentials" })),
      )
      .executeTest(async (mock) => {
        const error = await failureOf(login({ identifier: "ouder@example.com", password: "Verkeerd-2026" }, client(mock.url)));
        expect(error.status).toBe(400);
        expect(authErrorCode(error)).toBe("invalid_credentials");
      });
  });

  it("sends the confirmation e-mail again (the same answer whether the address exists or not)", async () => {
    await provider
      .addInteraction()
      .given(STATES.confirmedParent)
      .uponReceiving("a request to send the confirmation e-mail again")
      .withRequest("POST", "/api/auth/send-email-confirmation", (b) => b.headers(JSON_REQUEST).jsonBody({ email: "ouder@example.com" }))
      .willRespondWith(200, (b) => b.jsonBody({ email: "ouder@example.com", sent: true }))
      .executeTest(async (mock) => {
        expect(await sendEmailConfirmation("ouder@example.com", client(mock.url))).toEqual({ email: "ouder@example.com", sent: true });
      });
  });

  it("answers a forgotten password with ok, always", async () => {
    await provider
      .addInteraction()
      .given(STATES.confirmedParent)
      .uponReceiving("a forgotten password for ouder@example.com")
      .withRequest("POST", "/api/auth/forgot-password", (b) => b.headers(JSON_REQUEST).jsonBody({ email: "ouder@example.com" }))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(async (mock) => {
        expect(await forgotPassword("ouder@example.com", client(mock.url))).toEqual({ ok: true });
      });
  });

  it("resets the password with the code from the e-mail: a new token", async () => {
    await provider
      .addInteraction()
      .given(STATES.resetCode)
      .uponReceiving("a password reset with a valid code")
      .withRequest("POST", "/api/auth/reset-password", (b) =>
        b.headers(JSON_REQUEST).jsonBody({
          code: fromProviderState("${code}", EXAMPLE_RESET_CODE),
          password: "Nieuw-wachtwoord-2026",
          passwordConfirmation: "Nieuw-wachtwoord-2026",
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(signedIn({ email: "ouder@example.com" })))
      .executeTest(async (mock) => {
        const { jwt, user } = await resetPassword(
          { code: EXAMPLE_RESET_CODE, password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" },
          client(mock.url),
        );
        expect(jwt).toBe(EXAMPLE_TOKEN);
        expect(user.email).toBe("ouder@example.com");
      });
  });

  it("refuses an unknown reset code: invalid_code at code", async () => {
    await provider
      .addInteraction()
      .given(STATES.confirmedParent)
      .uponReceiving("a password reset with an unknown code")
      .withRequest("POST", "/api/auth/reset-password", (b) =>
        b.headers(JSON_REQUEST).jsonBody({ code: "not-a-real-code", password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" }),
      )
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, "ValidationError", "Invalid code", codedDetails("invalid_code", ["code"]))))
      .executeTest(async (mock) => {
        const error = await failureOf(
          resetPassword({ code: "not-a-real-code", password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" }, client(mock.url)),
        );
        expect(authErrorCode(error)).toBe("invalid_code");
        expect(error.details.errors?.[0]?.path).toEqual(["code"]);
      });
  });

  it("changes the password of the signed-in parent: a new token", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a password change with the right current password")
      .withRequest("POST", "/api/auth/change-password", (b) =>
        b
          .headers({ ...JSON_REQUEST, authorization: BEARER })
          .jsonBody({ currentPassword: "Zwemmen-2026", password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" }),
      )
      .willRespondWith(200, (b) => b.jsonBody(signedIn({ email: "ouder@example.com" })))
      .executeTest(async (mock) => {
        const { jwt } = await changePassword(
          { currentPassword: "Zwemmen-2026", password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" },
          client(mock.url, EXAMPLE_TOKEN),
        );
        expect(jwt).toBe(EXAMPLE_TOKEN);
      });
  });

  it("asks to change the e-mail address: a link goes to the new address", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("an e-mail change with the right current password")
      .withRequest("POST", "/api/auth/change-email", (b) =>
        b.headers({ ...JSON_REQUEST, authorization: BEARER }).jsonBody({ email: "nieuw@example.com", currentPassword: "Zwemmen-2026" }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ email: "nieuw@example.com", sent: true }))
      .executeTest(async (mock) => {
        const sent = await changeEmail({ email: "nieuw@example.com", currentPassword: "Zwemmen-2026" }, client(mock.url, EXAMPLE_TOKEN));
        expect(sent).toEqual({ email: "nieuw@example.com", sent: true });
      });
  });

  it("refuses an e-mail change to the same address: email_unchanged at email", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("an e-mail change to the address the account already has")
      .withRequest("POST", "/api/auth/change-email", (b) =>
        b.headers({ ...JSON_REQUEST, authorization: BEARER }).jsonBody({ email: "ouder@example.com", currentPassword: "Zwemmen-2026" }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody(errorBody(400, "ValidationError", "This is already your e-mail address", codedDetails("email_unchanged", ["email"]))),
      )
      .executeTest(async (mock) => {
        const error = await failureOf(changeEmail({ email: "ouder@example.com", currentPassword: "Zwemmen-2026" }, client(mock.url, EXAMPLE_TOKEN)));
        expect(error.status).toBe(400);
        expect(authErrorCode(error)).toBe("email_unchanged");
        expect(error.details.errors?.[0]?.path).toEqual(["email"]);
      });
  });

  it("refuses a password change without a token: 401", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a password change without a token")
      .withRequest("POST", "/api/auth/change-password", (b) =>
        b.headers(JSON_REQUEST).jsonBody({ currentPassword: "Zwemmen-2026", password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" }),
      )
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "Missing or invalid credentials")))
      .executeTest(async (mock) => {
        const error = await failureOf(
          changePassword({ currentPassword: "Zwemmen-2026", password: "Nieuw-wachtwoord-2026", passwordConfirmation: "Nieuw-wachtwoord-2026" }, client(mock.url)),
        );
        expect([error.status, error.name]).toEqual([401, "UnauthorizedError"]);
      });
  });

  it("logs the signed-in parent out everywhere", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a logout on all devices")
      .withRequest("POST", "/api/auth/logout-everywhere", (b) => b.headers({ accept: "application/json", authorization: BEARER }))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(async (mock) => {
        expect(await logoutEverywhere(client(mock.url, EXAMPLE_TOKEN))).toEqual({ ok: true });
      });
  });

  it("trades the Google sign-in ticket of this browser for a session: a token and the Google user", async () => {
    await provider
      .addInteraction()
      .given(STATES.googleTicket)
      .uponReceiving("a Google sign-in ticket with the flow cookie of the browser it was handed to")
      .withRequest("GET", "/api/auth/google/callback", (b) =>
        b.headers({ ...JSON_REQUEST, cookie: FLOW_COOKIE }).query({ access_token: fromProviderState("${ticket}", EXAMPLE_TICKET) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(signedIn({ username: "google.ouder@example.com", email: "google.ouder@example.com", provider: "google", confirmed: true })),
      )
      .executeTest(async (mock) => {
        const { jwt, user } = await googleCallback(EXAMPLE_TICKET, withFlowCookie(mock.url));
        expect(jwt).toBe(EXAMPLE_TOKEN);
        expect(user).toMatchObject({ email: "google.ouder@example.com", provider: "google", confirmed: true });
      });
  });

  it("refuses a Google access token (only Splash's own ticket signs in): provider_error at access_token", async () => {
    await provider
      .addInteraction()
      .given(STATES.google)
      .uponReceiving("a Google callback with a Google access token instead of a ticket")
      .withRequest("GET", "/api/auth/google/callback", (b) => b.headers(JSON_REQUEST).query({ access_token: GOOGLE_ACCESS_TOKEN }))
      .willRespondWith(400, (b) =>
        b.jsonBody(errorBody(400, "ValidationError", "This Google sign-in has expired", codedDetails("provider_error", ["access_token"]))),
      )
      .executeTest(async (mock) => {
        const error = await failureOf(googleCallback(GOOGLE_ACCESS_TOKEN, client(mock.url)));
        expect(authErrorCode(error)).toBe("provider_error");
        expect(error.details.errors?.[0]?.path).toEqual(["access_token"]);
      });
  });

  it("links Google to the confirmed account once its owner proves the password", async () => {
    await provider
      .addInteraction()
      .given(STATES.googleLink)
      .uponReceiving("a Google link with the account's password and the flow cookie")
      .withRequest("POST", "/api/auth/google/link", (b) =>
        b
          .headers({ ...JSON_REQUEST, cookie: FLOW_COOKIE })
          .jsonBody({ code: fromProviderState("${code}", EXAMPLE_TICKET), password: "Zwemmen-2026" }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(signedIn({ username: "ouder@example.com", email: "ouder@example.com", provider: "local", confirmed: true })),
      )
      .executeTest(async (mock) => {
        const { jwt, user } = await googleLink({ code: EXAMPLE_TICKET, password: "Zwemmen-2026" }, withFlowCookie(mock.url));
        expect(jwt).toBe(EXAMPLE_TOKEN);
        expect(user).toMatchObject({ email: "ouder@example.com", provider: "local" });
      });
  });
});
