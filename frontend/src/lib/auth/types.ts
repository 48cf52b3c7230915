/** A parent's account as the API sends it (contracts/accounts-api.md, "The user"). */
import type { AccountError, ShippingCountry } from "../vocabulary";

/** An address's country: one Splash ships to. */
export type Country = ShippingCountry;

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
export type AuthErrorCode = AccountError;
