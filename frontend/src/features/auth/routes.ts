/** The routes (contracts/routes.json, kind "app") whose screens this feature renders. */
export const AUTH_ROUTES = ["login", "register", "forgot-password", "reset", "email-confirmed", "connect-google-redirect"] as const;

export type AuthRouteName = (typeof AUTH_ROUTES)[number];

export function isAuthRoute(name: string): name is AuthRouteName {
  return (AUTH_ROUTES as readonly string[]).includes(name);
}
