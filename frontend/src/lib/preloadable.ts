/**
 * A lazy component whose code can be asked for before it renders: a link's intent or the
 * router's loader calls `preload()`, and by the time the screen renders its chunk is there, so
 * the navigation never shows the Suspense fallback (nor waits out React's reveal throttle).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<ComponentType<P>> };

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk is asked for again next time
      throw error;
    }));
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { preload },
  );
}

/** `preload()` of a component that has one (a supplied block may be any component). */
export function preloadOf(component: unknown): Promise<unknown> | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === "function" ? (preload as () => Promise<unknown>)() : undefined;
}
