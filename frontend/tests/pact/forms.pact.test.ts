/**
 * Consumer contract of the contact form: the SPA's submitForm (features/content/api) through the
 * real lib/api client against Pact's mock server. Written into the same pact file as the
 * content contracts (contracts/pacts/splash-web-splash-api.json); the backend verifies it with
 * the provider state "the contact form accepts submissions" (fixtures + no rate-limit counts).
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { submitForm } from "../../src/features/content/api/submit-form";
import { ApiError } from "../../src/lib/api";
import { clientFor as client, splashApi } from "./provider";

const { eachLike, integer, regex, string } = MatchersV3;

const provider = splashApi();

const STATE = "the contact form accepts submissions";
/** ISO 8601 date-time with an offset (Z or ±hh:mm); fractional seconds optional. */
const ISO_TIMESTAMP = regex(
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$",
  "2026-05-01T09:30:00.123456Z",
);

/**
 * A value that must be exactly this string, also inside eachLike (whose type matching would
 * otherwise accept any string): the form places the server's errors by `path` and words them
 * by `rule`, so both are part of the contract.
 */
const exactly = (value: string) => regex(`^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, value);

/** What the SPA's contact form sends: every field, optional ones empty, consent a boolean. */
const values = (overrides: Record<string, unknown> = {}) => ({
  name: "Anna de Vries",
  email: "anna@example.com",
  phone: "",
  orderNumber: "",
  message: "Welke maat drijfpak past bij een kind van vier jaar?",
  consent: true,
  ...overrides,
});

describe("forms API contract", () => {
  it("accepts a valid contact form submission with 201 and the new submission", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a valid contact form submission")
      .withRequest("POST", "/api/forms/contact/submissions", (b) =>
        b.headers({ accept: "application/json" }).jsonBody({ data: values() }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ data: { id: integer(1), form: "contact", createdAt: ISO_TIMESTAMP } }),
      )
      .executeTest(async (mock) => {
        const created = await submitForm("contact", values(), null, client(mock.url));
        expect(created).toEqual({ data: { id: 1, form: "contact", createdAt: "2026-05-01T09:30:00.123456Z" } });
      });
  });

  it("refuses an invalid e-mail address with a 400 ValidationError naming the field and rule", async () => {
    const invalid = values({ email: "not-an-email" });
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a contact form submission with an invalid e-mail address")
      .withRequest("POST", "/api/forms/contact/submissions", (b) =>
        b.headers({ accept: "application/json" }).jsonBody({ data: invalid }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({
          data: null,
          error: {
            status: 400,
            name: "ValidationError",
            message: string("'email' does not pass the rule email"),
            details: {
              errors: eachLike({
                path: [exactly("data"), exactly("email")],
                message: string("'email' does not pass the rule email"),
                name: exactly("ValidationError"),
                rule: exactly("email"),
                args: [],
              }),
            },
          },
        }),
      )
      .executeTest(async (mock) => {
        const failure = await submitForm("contact", invalid, null, client(mock.url)).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        const error = failure as ApiError;
        expect(error.status).toBe(400);
        expect(error.name).toBe("ValidationError");
        expect(error.details.errors?.map((entry) => entry.path)).toContainEqual(["data", "email"]);
        expect(error.details.errors?.[0]).toMatchObject({ rule: "email", args: [] });
        expect(error.fieldMessage(["data", "email"])).toBe("'email' does not pass the rule email");
      });
  });
});
