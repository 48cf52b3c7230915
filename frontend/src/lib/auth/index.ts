/** Accounts, shared by the header and the auth and profile features. */
import { api } from "../api";
import { createAuthStore } from "./store";

export { getMe, sendEmailConfirmation } from "./api";
export type { ConfirmationSent } from "./api";
export { authErrorCode, authErrorText, describeAuthError } from "./errors";
export { AuthProvider, useAuth, useGoogleSignIn } from "./provider";
export type { Auth } from "./provider";
export { REDIRECT_COOKIE, rememberRedirect, takeRedirect } from "./redirect";
export { createAuthStore, TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS } from "./store";
export type { AuthState, AuthStatus, AuthStore } from "./store";
export type { AuthErrorCode, Country, SignedIn, User, UserAddress } from "./types";

/** The SPA's one auth store (its AuthProvider hands the token to the one API client). */
export const authStore = createAuthStore(api);
