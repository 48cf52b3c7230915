/**
 * Feeds the <video> from hls.js with the key token: the access answer's for the first attempt, a
 * fresh one (GET /lessons/{id}/access again) for each "Try again". A failure is the error state.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { config } from "../../../lib/config";
import type { LessonAccessData } from "../lesson/types";
import { attachSource, type SourceFailure } from "./hls-source";
import { createKeyTokens, type KeyToken } from "./key-tokens";

const tokenOf = (access: LessonAccessData): KeyToken | null => (access.keyToken ? { token: access.keyToken, expiresAt: access.expiresAt } : null);

export type HlsSource = { failure: SourceFailure | null; attempt: number; retry: () => void };

export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  master: string,
  access: LessonAccessData,
  refreshAccess: () => Promise<LessonAccessData>,
): HlsSource {
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<SourceFailure | null>(null);
  const first = useRef(access);
  const refresh = useRef(refreshAccess);
  useEffect(() => {
    refresh.current = refreshAccess;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let detach: (() => void) | null = null;
    let gone = false;
    const fetchToken = () => refresh.current().then(tokenOf);
    const token = attempt === 0 ? Promise.resolve(tokenOf(first.current)) : fetchToken();
    token
      .then(async (initial) => {
        if (gone) return;
        if (!initial) return setFailure("load");
        const tokens = createKeyTokens(initial, fetchToken);
        const apiBase = `${config.apiBaseURL}${config.apiPrefix}`;
        const stop = await attachSource({ video, master, tokens, apiBase, onFailure: setFailure });
        if (gone) stop();
        else detach = stop;
      })
      .catch(() => setFailure("load"));
    return () => {
      gone = true;
      detach?.();
    };
  }, [videoRef, attempt, master]);

  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
  };
  return { failure, attempt, retry };
}
