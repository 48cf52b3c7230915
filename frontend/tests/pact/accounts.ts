/** What the auth and users contracts share: provider states, the token, the user as the API sends it. */
import { MatchersV3 } from "@pact-foundation/pact";

const { boolean, eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

/** Provider states, exactly as the backend implements them. */
export const STATES = {
  noAccount: "no account exists for nieuw@example.com",
  confirmedParent: "a confirmed parent ouder@example.com with password Zwemmen-2026",
  /** Answers `token`: a JWT of that parent. */
  signedIn: "a signed-in parent ouder@example.com",
  /** Answers `code`: a valid reset code of that parent. */
  resetCode: "a reset code for ouder@example.com",
  google: "Google sign-in is configured",
  /** Answers `ticket` and `binding` (the browser's flow cookie). */
  googleTicket: "a Google sign-in ticket for google.ouder@example.com",
  /** Answers `code` and `binding` (the browser's flow cookie). */
  googleLink: "a Google link ticket for the confirmed parent ouder@example.com",
} as const;

/** The token the consumer side runs with; the verifier uses the provider state's `token`. */
export const EXAMPLE_TOKEN = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6NywiaWF0IjoxNzk1MjUyODAwfQ.c2lnbmF0dXJlLWV4YW1wbGU";

/** The bearer of the signed-in parent, from the provider state. */
export const BEARER = fromProviderState("Bearer ${token}", `Bearer ${EXAMPLE_TOKEN}`);

/** Any JWT: three base64url parts. */
export const JWT = regex("^[\\w-]+\\.[\\w-]+\\.[\\w-]+$", EXAMPLE_TOKEN);

/** ISO 8601 date-time with an offset (Z or ±hh:mm); fractional seconds optional. */
export const ISO_TIMESTAMP = regex(
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$",
  "2026-11-21T10:00:00+00:00",
);

/** Exactly this string, also inside eachLike (whose type matching would accept any string). */
export const exactly = (value: string) => regex(`^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, value);

/** One saved address (the shape of contracts/accounts-api.md). */
export const ADDRESS = {
  id: integer(3),
  street: string("Kerkstraat"),
  housenumber: string("12"),
  postalCode: string("1017 GC"),
  city: string("Amsterdam"),
  country: regex("^(nl|de|fr|es|se)$", "nl"),
};

/**
 * The user, with the fields every user has. firstname and lastname may be null, so they are only
 * part of a contract where the interaction sets them; `overrides` fixes what the contract fixes.
 */
export function user(overrides: Record<string, unknown> = {}) {
  return {
    id: integer(7),
    username: string("ouder@example.com"),
    email: string("ouder@example.com"),
    provider: regex("^(local|google)$", "local"),
    confirmed: boolean(true),
    blocked: boolean(false),
    createdAt: ISO_TIMESTAMP,
    updatedAt: ISO_TIMESTAMP,
    addresses: like([]),
    ...overrides,
  };
}

/** `{jwt, user}`: what every sign-in call answers. */
export const signedIn = (overrides: Record<string, unknown> = {}) => ({ jwt: JWT, user: user(overrides) });

/** details of a coded account failure, with the field it names. */
export function codedDetails(code: string, path: string[]) {
  return {
    code,
    errors: eachLike({ path: path.map(exactly), message: string("is not valid"), name: string("ValidationError") }),
  };
}
