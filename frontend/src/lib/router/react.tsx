/** The router in React: a provider, hooks, <Link>, and <MemoryRouter> for tests. */
import {
  Component,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from "react";
import { createMemoryRouter, type NavigateOptions, type Router, type RouterLocation, type RouterState } from "./router";

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);

function useRouter(): { router: Router; state: RouterState } {
  const value = useContext(RouterContext);
  if (!value) throw new Error("Router hooks need a <RouterProvider>");
  return value;
}

type BoundaryProps = { fallback: ReactNode; error: unknown; children: ReactNode };

/** A render error (or a failed load) shows the error screen instead of a blank page. */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const error = this.props.error ?? this.state.error;
    return error ? <ErrorContext.Provider value={error}>{this.props.fallback}</ErrorContext.Provider> : this.props.children;
  }
}

const ErrorContext = createContext<unknown>(null);

/** The error that the error screen shows. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** Renders `children` with the router's state; `errorElement` replaces them on an error. */
export function RouterProvider({ router, children, errorElement = null }: { router: Router; children: ReactNode; errorElement?: ReactNode }) {
  // Updates in a transition: the page on screen stays while the next one's lazy parts load.
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const update = () => startTransition(() => setState(router.state));
    queueMicrotask(update); // a change between the first render and this subscription
    return router.subscribe(update);
  }, [router]);
  const value = useMemo(() => ({ router, state }), [router, state]);
  return (
    <RouterContext.Provider value={value}>
      <ErrorBoundary fallback={errorElement} error={state.error}>
        {children}
      </ErrorBoundary>
    </RouterContext.Provider>
  );
}

/** Tests: a router in memory around `children`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter({ initialEntries }));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

export function useLocation(): RouterLocation {
  return useRouter().state.location;
}

/** The current page's data (the page payload). */
export function useRouteData<T>(): T {
  return useRouter().state.data as T;
}

/** "loading" while the next page loads. */
export function useNavigation(): { state: RouterState["navigation"] } {
  return { state: useRouter().state.navigation };
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { router } = useRouter();
  return router.navigate;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; replace?: boolean; state?: unknown; ref?: Ref<HTMLAnchorElement> };

const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/** A link inside the SPA: a client-side navigation on a plain click, an ordinary link otherwise. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { router } = useRouter();
  const href = router.href(to);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!plainClick(event) || (target && target !== "_self") || rest.download !== undefined || !href.startsWith("/")) return;
    event.preventDefault();
    router.navigate(href, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={handle} />;
}
