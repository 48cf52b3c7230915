import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { configureApi } from "../api";
import { UNKNOWN, type AuthStatus, type AuthStore } from "./store";
import type { User } from "./types";

const AuthContext = createContext<AuthStore | null>(null);
const GoogleSignInContext = createContext(false);

/**
 * Provides the auth store, hands its token to the one API client (before any effect below can make
 * a request) and starts it once the page is hydrated: nothing reads the token cookie during a render.
 */
export function AuthProvider({ store, googleSignIn = false, children }: { store: AuthStore; googleSignIn?: boolean; children: ReactNode }) {
  useLayoutEffect(() => {
    configureApi({ getToken: store.getToken });
  }, [store]);
  useEffect(() => {
    void store.start();
  }, [store]);
  return (
    <AuthContext.Provider value={store}>
      <GoogleSignInContext.Provider value={googleSignIn}>{children}</GoogleSignInContext.Provider>
    </AuthContext.Provider>
  );
}

/** Whether Google sign-in is configured on the server (the site settings say so). */
export function useGoogleSignIn(): boolean {
  return useContext(GoogleSignInContext);
}

export type Auth = {
  status: AuthStatus;
  user: User | null;
  signIn: AuthStore["signIn"];
  signOut: AuthStore["signOut"];
  refresh: AuthStore["refresh"];
  setUser: AuthStore["setUser"];
};

/** Who is signed in: "unknown" on the server, while hydrating and while the user loads. */
export function useAuth(): Auth {
  const store = useContext(AuthContext);
  if (!store) throw new Error("useAuth needs an <AuthProvider>");
  const state = useSyncExternalStore(store.subscribe, store.getState, () => UNKNOWN);
  return useMemo(
    () => ({
      status: state.status,
      user: state.user,
      signIn: store.signIn,
      signOut: store.signOut,
      refresh: store.refresh,
      setUser: store.setUser,
    }),
    [state, store],
  );
}
