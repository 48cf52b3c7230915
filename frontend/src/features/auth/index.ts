import { preloadable } from "../../lib/preloadable";
// With the app's CSS (the screens are published as HTML); only the code below loads lazily.
import "./auth.css";

export { AUTH_ROUTES, isAuthRoute } from "./routes";
export type { AuthRouteName } from "./routes";

/** The account screens are one chunk of their own (with the form system): loaded only when opened. */
export const AuthScreen = preloadable(() => import("./components/auth-screen").then((module) => module.AuthScreen));
