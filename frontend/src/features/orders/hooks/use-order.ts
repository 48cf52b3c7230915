/**
 * One order by its slug, read after hydration through the one live-read hook: loading, found, not
 * found (404) or failed (retry). `reload()` reads it again and keeps the order on screen meanwhile
 * (the status re-check).
 */
import { useState } from "react";
import { ApiError } from "../../../lib/api";
import { useLiveRead } from "../../../lib/live-read";
import { getOrder } from "../api/get-order";
import type { Order } from "../types";

export type OrderRead = { status: "loading" | "found" | "not-found" | "failed"; order: Order | null; reload: () => void };

type Answer = { order: Order | null };

async function readOrder(slug: string, signal: AbortSignal): Promise<Answer> {
  try {
    return { order: (await getOrder(slug, undefined, signal)).data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { order: null };
    throw error;
  }
}

export function useOrder(slug: string): OrderRead {
  const [attempt, setAttempt] = useState(0);
  const read = useLiveRead(`${slug}:${attempt}`, (signal) => readOrder(slug, signal));
  const reload = () => setAttempt((current) => current + 1);
  const shown = read.current ?? read.latest;
  if (shown && !shown.order) return { status: "not-found", order: null, reload };
  if (shown?.order) return { status: "found", order: shown.order, reload };
  return { status: read.failed ? "failed" : "loading", order: null, reload };
}
