export { createBrowserRouter, createMemoryRouter, createStaticRouter, parseLocation } from "./router";
export type { Loader, NavigateOptions, Router, RouterLocation, RouterState } from "./router";
export { Link, MemoryRouter, RouterProvider, useLocation, useNavigate, useNavigation, useRouteData, useRouteError, useSearchParams } from "./react";
