/**
 * The key token the player sends with every key request. It lives minutes: a token that is about
 * to expire is fetched again before the request, and a key request the API refuses (403: expired,
 * or access lost) is retried once with a fresh token — a second refusal in a row is final.
 */
export type KeyToken = { token: string; expiresAt: string | null };

/** Fetches a fresh token (GET /lessons/{id}/access again); null when the lesson is locked now. */
export type FetchToken = () => Promise<KeyToken | null>;

export type KeyTokens = {
  /** The token for the next key request (waits for a refresh under way). */
  forRequest: () => Promise<string>;
  /** A key request got a 403: true when a fresh token is on its way and the request may be retried. */
  refused: () => boolean;
  /** A key arrived: the next refusal may be retried again. */
  loaded: () => void;
};

/** A token that expires within this margin is fetched again before it is sent. */
const MARGIN_MS = 30_000;

export function createKeyTokens(initial: KeyToken, fetchToken: FetchToken, now: () => number = Date.now): KeyTokens {
  let current = initial;
  let pending: Promise<void> | null = null;
  let retriedSinceLoad = false;

  function refresh(): Promise<void> {
    pending ??= fetchToken()
      .then((next) => {
        if (next) current = next;
      })
      .catch(() => undefined) // the retried request fails again with the old token: final
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  const expiring = () => current.expiresAt !== null && Date.parse(current.expiresAt) - now() < MARGIN_MS;

  return {
    async forRequest() {
      if (!pending && expiring()) void refresh();
      if (pending) await pending;
      return current.token;
    },
    refused() {
      if (pending) return true;
      if (retriedSinceLoad) return false;
      retriedSinceLoad = true;
      void refresh();
      return true;
    },
    loaded() {
      retriedSinceLoad = false;
    },
  };
}
