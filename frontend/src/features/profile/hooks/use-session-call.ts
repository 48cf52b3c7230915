import { useCallback } from "react";
import { ApiError } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";

/**
 * Runs a call that needs the session. A 401 means the session ended (it expired, or the parent
 * logged out on all devices elsewhere): the store signs out and the block shows the login card.
 */
export function useSessionCall(): <T>(call: () => Promise<T>) => Promise<T> {
  const { signOut } = useAuth();
  return useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) signOut();
        throw error;
      }
    },
    [signOut],
  );
}
