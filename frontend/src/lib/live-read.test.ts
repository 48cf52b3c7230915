import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { useLiveRead } from "./live-read";

/** A read the test answers by hand: each call records its key and signal. */
function manualReads() {
  const calls: { key: string; signal: AbortSignal; answer: (value: string) => void; fail: () => void }[] = [];
  const reader = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ key, signal, answer: resolve, fail: () => reject(new Error("down")) }));
  return { calls, reader };
}

describe("useLiveRead", () => {
  test("reads once mounted (after hydration) and answers for its key", async () => {
    const { calls, reader } = manualReads();
    const { result } = renderHook(({ key }) => useLiveRead(key, reader(key)), { initialProps: { key: "a" } });
    expect(result.current).toEqual({ current: null, latest: null, busy: true, failed: false });
    await act(async () => calls[0]?.answer("A"));
    expect(result.current).toEqual({ current: "A", latest: "A", busy: false, failed: false });
  });

  test("a new key aborts the older read; its late answer never lands", async () => {
    const { calls, reader } = manualReads();
    const { result, rerender } = renderHook(({ key }) => useLiveRead(key, reader(key)), { initialProps: { key: "a" } });
    rerender({ key: "b" });
    expect(calls.map((call) => [call.key, call.signal.aborted])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    await act(async () => calls[0]?.answer("stale A"));
    expect(result.current).toEqual({ current: null, latest: null, busy: true, failed: false });
    await act(async () => calls[1]?.answer("B"));
    expect(result.current.current).toBe("B");
  });

  test("unmounting aborts the read", () => {
    const { calls, reader } = manualReads();
    const { unmount } = renderHook(() => useLiveRead("a", reader("a")));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  test("a failed read says so and keeps the last answer on screen; an empty key reads nothing", async () => {
    const { calls, reader } = manualReads();
    const { result, rerender } = renderHook(({ key }) => useLiveRead(key, reader(key)), { initialProps: { key: "a" } });
    await act(async () => calls[0]?.answer("A"));
    rerender({ key: "b" });
    await act(async () => calls[1]?.fail());
    expect(result.current).toEqual({ current: null, latest: "A", busy: false, failed: true });
    rerender({ key: "" });
    expect(calls).toHaveLength(2);
    expect(result.current.busy).toBe(false);
  });

  test("with a delay, keys in a row become one read", async () => {
    const { calls, reader } = manualReads();
    const { rerender } = renderHook(({ key }) => useLiveRead(key, reader(key), 20), { initialProps: { key: "a" } });
    rerender({ key: "b" });
    rerender({ key: "c" });
    await waitFor(() => expect(calls.map((call) => call.key)).toEqual(["c"]));
  });
});
