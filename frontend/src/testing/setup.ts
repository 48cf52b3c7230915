import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

/**
 * The test files of a worker share one jsdom (`isolate: false`: the unit suite runs in a third of
 * the time), so every test leaves the page as it found it: React trees unmounted, what it added to
 * the body and head removed, cookies, storage and the address reset, real timers and globals back.
 */
const browser = typeof document !== "undefined"; // a file may ask for Node's environment
const pristineHead = browser ? document.head.innerHTML : "";
const pristineUrl = browser ? window.location.href : "";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (!browser) return;
  cleanup();
  document.body.replaceChildren();
  document.head.innerHTML = pristineHead;
  for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
  for (const cookie of document.cookie.split("; ").filter(Boolean)) {
    document.cookie = `${cookie.split("=")[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", pristineUrl);
});
