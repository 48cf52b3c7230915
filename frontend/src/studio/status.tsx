import { useEffect, useRef } from "react";

export type Notice = { kind: "done" | "failed"; text: string } | null;

/**
 * What the last action did, in a live region; it takes the focus when it changes, since the
 * control that was used may be gone (a removed row).
 */
export function StatusMessage({ notice }: { notice: Notice }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return (
    <p ref={ref} tabIndex={-1} className={`studio-notice studio-notice--${notice?.kind ?? "none"}`} role={notice?.kind === "failed" ? "alert" : "status"}>
      {notice?.text}
    </p>
  );
}
