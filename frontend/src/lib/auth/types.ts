/** A parent's account as the API sends it (contracts/accounts-api.md, "The user"). */
export type Country = "nl" | "de" | "fr" | "es" | "se";

export type UserAddress = {
  id: number;
  street: string;
  housenumber: string;
  addition: string | null;
  additionalInfo: string | null;
  postalCode: string;
  city: string;
  country: Country;
};

export type User = {
  id: number;
  username: string;
  email: string;
  provider: "local" | "google";
  confirmed: boolean;
  blocked: boolean;
  firstname: string | null;
  lastname: string | null;
  createdAt: string;
  updatedAt: string;
  addresses: UserAddress[];
};

/** What every sign-in call answers: a bearer token and its user. */
export type SignedIn = { jwt: string; user: User };

/** The values of `details.code` that account failures carry, for the SPA's own texts. */
export type AuthErrorCode =
  | "invalid_credentials"
  | "email_not_confirmed"
  | "blocked"
  | "email_taken"
  | "invalid_code"
  | "passwords_mismatch"
  | "current_password_incorrect"
  | "email_unchanged"
  | "no_password"
  | "provider_error";
