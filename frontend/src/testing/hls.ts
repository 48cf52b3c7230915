/**
 * A stand-in for hls.js at its module boundary, for the unit tests of the player's wiring
 * (imported by *.test.ts[x] only, through vi.mock("hls.js")). Real playback is the end-to-end
 * tests' part. It records each instance's config and lets a test fire hls.js events.
 */
import { vi } from "vitest";

type Handler = (event: string, data: unknown) => void;

export class FakeHls {
  static instances: FakeHls[] = [];
  static supported = true;
  static isSupported = () => FakeHls.supported;
  static Events = { KEY_LOADED: "hlsKeyLoaded", ERROR: "hlsError" } as const;

  readonly config: Record<string, unknown>;
  readonly handlers = new Map<string, Handler>();
  loadSource = vi.fn();
  attachMedia = vi.fn();
  destroy = vi.fn();

  constructor(config: Record<string, unknown>) {
    this.config = config;
    FakeHls.instances.push(this);
  }

  on(event: string, handler: Handler): void {
    this.handlers.set(event, handler);
  }

  emit(event: string, data: unknown = {}): void {
    this.handlers.get(event)?.(event, data);
  }

  static reset(): void {
    FakeHls.instances = [];
    FakeHls.supported = true;
  }

  static last(): FakeHls {
    const instance = FakeHls.instances.at(-1);
    if (!instance) throw new Error("hls.js was not started");
    return instance;
  }
}

/** A key or segment request as hls.js hands it to xhrSetup: records where it was opened. */
export function fakeXhr() {
  const open = vi.fn();
  return { xhr: { open } as unknown as XMLHttpRequest, open };
}

type XhrSetup = (xhr: XMLHttpRequest, url: string) => Promise<void> | void;
type ShouldRetry = (config: unknown, count: number, timeout: boolean, response: { code: number } | undefined, retry: boolean) => boolean;

/** The parts of an instance's config the player sets. */
export function keyConfig(hls: FakeHls): { xhrSetup: XhrSetup; shouldRetry: ShouldRetry } {
  const config = hls.config as { xhrSetup: XhrSetup; keyLoadPolicy: { default: { errorRetry: { shouldRetry: ShouldRetry } } } };
  return { xhrSetup: config.xhrSetup, shouldRetry: config.keyLoadPolicy.default.errorRetry.shouldRetry };
}
