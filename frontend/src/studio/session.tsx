/** Who is signed in to the studio, and the client every screen calls the API with. */
import { createContext, useContext } from "react";
import type { ApiClient } from "../lib/api";
import type { Me } from "./api";

export type Session = {
  client: ApiClient;
  me: Me | null;
  setMe: (me: Me | null) => void;
  /** Ends the session (on the server too) and forgets who was signed in. */
  leave: () => Promise<void>;
  /** Whether the last session ended by signing out (the sign-in screen says so). */
  signedOut: boolean;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("Studio screens must be inside <SessionContext>");
  return session;
}

/** The signed-in member's session (screens behind the sign-in guard only). */
export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error("Not signed in to the studio");
  return me;
}

export const can = (me: Me, permission: string) => me.permissions.includes(permission);
