import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createProgressSaver, SAVE_EVERY_MS } from "./progress";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse("2026-11-25T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("createProgressSaver", () => {
  test("while playing it saves at most every 10 s", () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.playing(0);
    for (let second = 1; second < 10; second++) {
      vi.advanceTimersByTime(1000);
      saver.playing(second * 1000);
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    saver.playing(10_000);
    expect(save).toHaveBeenCalledExactlyOnceWith({ positionMs: 10_000, completed: false }, false);
    vi.advanceTimersByTime(SAVE_EVERY_MS - 1);
    saver.playing(19_999);
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    saver.playing(20_000);
    expect(save).toHaveBeenLastCalledWith({ positionMs: 20_000, completed: false }, false);
  });

  test("pause saves at once; a page hide saves with keepalive; a position already saved is not sent again", () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.paused(4321.6);
    expect(save).toHaveBeenLastCalledWith({ positionMs: 4322, completed: false }, false);
    saver.hidden(4321.6);
    expect(save).toHaveBeenCalledTimes(1);
    saver.hidden(5000);
    expect(save).toHaveBeenLastCalledWith({ positionMs: 5000, completed: false }, true);
  });

  test("the end saves completed, and the clock restarts after any save", () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.playing(0);
    vi.advanceTimersByTime(9000);
    saver.paused(9000);
    vi.advanceTimersByTime(5000);
    saver.playing(14_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.ended(20_000);
    expect(save).toHaveBeenLastCalledWith({ positionMs: 20_000, completed: true }, false);
  });
});
