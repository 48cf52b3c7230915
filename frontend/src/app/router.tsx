/**
 * The SPA's routes, built from contracts/routes.json for the domain's locale. Every route has the
 * same loader (its page payload) and renders through RouteView, so server and browser agree.
 */
import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "../lib/i18n";
import { Outlet, useLoaderData, useLocation, useMatches, type LoaderFunction, type RouteObject } from "react-router";
import { AcademyItemBlock, ChildCoursesBlock, CoursePage, LessonPage } from "../features/academy";
import { AuthScreen, isAuthRoute } from "../features/auth";
import { CartBlock } from "../features/cart";
import { CheckoutBlock } from "../features/checkout";
import { ArticlePage, BlockComponentsProvider, ContentPage, preloadBlocks, type BlockComponentMap } from "../features/content";
import { isOrderRoute, OrderScreen, OrdersBlock } from "../features/orders";
import { ProfileBlock } from "../features/profile";
import { ProductIntroBlock, ProductItemBlock, ProductListBlock, ProductPage } from "../features/shop";
import { AuthProvider, authStore } from "../lib/auth";
import { CartProvider, cartStore } from "../lib/cart";
import { CaptchaProvider } from "../lib/captcha";
import type { Locale } from "../lib/i18n";
import { routeId, spaRoutes } from "../lib/routes";
import { startUpdatePolling } from "./build-update";
import { usePageViews } from "./tracking";
import { ComingSoon } from "./coming-soon";
import { ErrorScreen } from "./error-screen";
import { pageTitle } from "./head";
import { DefaultLayout } from "./layouts/default-layout";
import { LoginLayout } from "./layouts/login-layout";
import { NotFound } from "./not-found";
import type { Payload } from "./payload";

const LOGIN_LAYOUT_ROUTES = new Set(["login", "register", "forgot-password", "reset"]);

/** Content blocks whose components live in other features (each its own lazy chunk). */
const SUPPLIED_BLOCKS: BlockComponentMap = {
  profile: ProfileBlock,
  "order-item": OrdersBlock,
  cart: CartBlock,
  checkout: CheckoutBlock,
  "collection-list:product": ProductListBlock,
  "product-item": ProductItemBlock,
  "product-intro": ProductIntroBlock,
  "academy-item": AcademyItemBlock,
  "child-courses": ChildCoursesBlock,
};

/**
 * The code a payload's screen needs beyond the entry (its page's or its blocks' lazy chunks):
 * asked for with the payload on a link's intent and by the loader, so the screen renders at
 * once instead of through its Suspense fallback.
 */
export function preloadScreen(payload: Payload): Promise<unknown> {
  if (payload.status === 404) return Promise.resolve();
  if (payload.page) return preloadBlocks(payload.page.blocks, SUPPLIED_BLOCKS);
  if (payload.product) return ProductPage.preload();
  if (payload.course) return CoursePage.preload();
  if (payload.lesson) return LessonPage.preload();
  if (isAuthRoute(payload.route.name)) return AuthScreen.preload();
  if (isOrderRoute(payload.route.name)) return OrderScreen.preload();
  return Promise.resolve();
}

function Screen({ payload }: { payload: Payload }) {
  if (payload.status === 404) return <NotFound />;
  if (payload.page) return <ContentPage page={payload.page} />;
  if (payload.article) return <ArticlePage article={payload.article} />;
  if (payload.product) {
    return (
      <Suspense fallback={<article className="product-page" aria-busy="true" />}>
        <ProductPage key={payload.product.id} product={payload.product} />
      </Suspense>
    );
  }
  if (payload.course) {
    return (
      <Suspense fallback={<article className="course-page" aria-busy="true" />}>
        <CoursePage key={payload.course.id} course={payload.course} />
      </Suspense>
    );
  }
  if (payload.lesson) {
    return (
      <Suspense fallback={<article className="lesson-page" aria-busy="true" />}>
        <LessonPage key={payload.lesson.id} lesson={payload.lesson} />
      </Suspense>
    );
  }
  const name = payload.route.name;
  if (isAuthRoute(name)) {
    return (
      <Suspense fallback={<section className="auth-card" aria-busy="true" />}>
        <AuthScreen name={name} />
      </Suspense>
    );
  }
  if (isOrderRoute(name)) {
    return (
      <Suspense fallback={<section className="order-card" aria-busy="true" />}>
        <OrderScreen name={name} notFound={<NotFound />} />
      </Suspense>
    );
  }
  return <ComingSoon routeName={name} />;
}

export function RouteView() {
  const payload = useLoaderData() as Payload;
  const login = payload.page ? payload.page.layout === "login" : LOGIN_LAYOUT_ROUTES.has(payload.route.name);
  const Layout = login ? LoginLayout : DefaultLayout;
  return (
    <Layout payload={payload}>
      <Screen payload={payload} />
    </Layout>
  );
}

/** Title, focus after client-side navigation, and the build-update poll. */
function Root() {
  const matches = useMatches();
  const payload = matches[matches.length - 1]?.data as Payload | undefined;
  const { t } = useTranslation();
  const location = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (payload) document.title = pageTitle(payload, t);
  }, [payload, t]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("main")?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);
  usePageViews(payload?.settings.gtmId ?? null, payload?.route.name);
  const pollSeconds = payload?.settings.buildPollSeconds ?? 3600;
  useEffect(() => startUpdatePolling(pollSeconds), [pollSeconds]);
  return (
    <AuthProvider store={authStore} googleSignIn={payload?.settings.googleSignIn ?? false}>
      <CartProvider store={cartStore}>
        <BlockComponentsProvider components={SUPPLIED_BLOCKS}>
          <CaptchaProvider siteKey={payload?.settings.recaptchaSiteKey ?? null}>
            <Outlet />
          </CaptchaProvider>
        </BlockComponentsProvider>
      </CartProvider>
    </AuthProvider>
  );
}

export function buildRoutes(locale: Locale, loader: LoaderFunction): RouteObject[] {
  return [
    {
      id: "root",
      element: <Root />,
      errorElement: <ErrorScreen />,
      children: spaRoutes().map((route) => ({
        id: routeId(route.name, locale),
        path: route.paths[locale],
        loader,
        element: <RouteView />,
      })),
    },
  ];
}
