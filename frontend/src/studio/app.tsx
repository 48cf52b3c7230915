/**
 * The studio: its routes under /studio, the sign-in guard, and the layout whose navigation shows
 * only the sections the member's permissions open (and only sections that exist).
 */
import type { i18n as I18n } from "i18next";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createBrowserRouter, Outlet, useLocation, useNavigate, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import type { ApiClient } from "../lib/api";
import { isLocale, useTranslation } from "../lib/i18n";
import { Link } from "../ui/link";
import { signOut, type Me } from "./api";
import { Heading } from "./heading";
import { loadStudioTexts } from "./i18n";
import { ActivityScreen } from "./screens/activity";
import { CustomerScreen } from "./screens/customer";
import { CustomersScreen } from "./screens/customers";
import { DashboardScreen } from "./screens/dashboard";
import { LessonVideoScreen } from "./screens/lesson-video";
import { MediaScreen } from "./screens/media";
import { OrderScreen } from "./screens/order";
import { OrdersScreen } from "./screens/orders";
import { SetupScreen } from "./screens/setup";
import { SignInScreen } from "./screens/sign-in";
import { StaffScreen } from "./screens/staff";
import { StockScreen } from "./screens/stock";
import { can, SessionContext, useMe, useSession } from "./session";
import { ContentScreen } from "./editing/content-screen";
import { EntryScreen } from "./editing/entry-screen";
import { StudioRouterContext } from "./editing/leave-guard";

/** The studio's sections, in the navigation's order: each needs its permission. */
export const SECTIONS = [
  { path: "dashboard", permission: "dashboard", label: "studio.nav.dashboard", element: <DashboardScreen /> },
  { path: "orders", permission: "orders", label: "studio.nav.orders", element: <OrdersScreen /> },
  { path: "customers", permission: "customers", label: "studio.nav.customers", element: <CustomersScreen /> },
  { path: "stock", permission: "stock", label: "studio.nav.stock", element: <StockScreen /> },
  { path: "content", permission: "content", label: "studio.nav.content", element: <ContentScreen /> },
  { path: "settings", permission: "settings", label: "studio.nav.settings", element: <EntryScreen fixed={{ collection: "settings", key: "site" }} /> },
  { path: "media", permission: "content", label: "studio.nav.media", element: <MediaScreen /> },
  { path: "staff", permission: "staff", label: "studio.nav.staff", element: <StaffScreen /> },
  { path: "activity", permission: "activity", label: "studio.nav.activity", element: <ActivityScreen /> },
] as const;

/** Pages within a section (a customer's page), behind the section's permission; not in the navigation. */
const PAGES = [
  { path: "orders/:id", permission: "orders", element: <OrderScreen /> },
  { path: "customers/:id", permission: "customers", element: <CustomerScreen /> },
  { path: "lessons/:id/video", permission: "content", element: <LessonVideoScreen /> },
  { path: "content/:collection", permission: "content", element: <ContentScreen /> },
  { path: "content/:collection/:key", permission: "content", element: <EntryScreen /> },
] as const;

export const SIGN_IN_PATH = "/studio/sign-in";

/**
 * Goes to `to` in place of this address. The studio uses only what the shop uses of
 * react-router (and links through the shop's Link): the router's code is a chunk of the shop's
 * first load, which must not grow for the studio (src/studio/first-load.test.ts), so no
 * <Navigate> and no <NavLink>.
 */
function Redirect({ to, from }: { to: string; from?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true, state: from ? { from } : undefined });
  }, [navigate, to, from]);
  return null;
}

function SignedIn() {
  const { me } = useSession();
  const location = useLocation();
  if (!me) return <Redirect to={SIGN_IN_PATH} from={location.pathname + location.search} />;
  return <Layout />;
}

function Layout() {
  const { t } = useTranslation();
  const me = useMe();
  const { leave } = useSession();
  const { pathname } = useLocation();
  return (
    <div className="studio">
      <a className="studio-skip" href="#studio-main">
        {t("studio.skipToContent")}
      </a>
      <header className="studio-header">
        <p className="studio-brand">{t("studio.name")}</p>
        <nav aria-label={t("studio.nav.label")}>
          <ul className="studio-nav">
            {SECTIONS.filter((section) => can(me, section.permission)).map((section) => (
              <li key={section.path}>
                <Link to={`/studio/${section.path}`} aria-current={pathname === `/studio/${section.path}` ? "page" : pathname.startsWith(`/studio/${section.path}/`) ? "true" : undefined}>
                  {t(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="studio-who">
          {t("studio.signedInAs", { name: me.staff.name, role: t(`studio.roles.${me.staff.role}`) })}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void leave()}>
          {t("studio.signOut")}
        </button>
      </header>
      <main id="studio-main" className="studio-main">
        <Outlet />
      </main>
    </div>
  );
}

/** /studio: the first section the member may open, or what their role holds (none yet). */
function Home() {
  const { t } = useTranslation();
  const me = useMe();
  const first = SECTIONS.find((section) => can(me, section.permission));
  if (first) return <Redirect to={`/studio/${first.path}`} />;
  return (
    <>
      <Heading>{t("studio.home.title")}</Heading>
      <p>{t("studio.home.nothingYet", { role: t(`studio.roles.${me.staff.role}`) })}</p>
    </>
  );
}

/** A section the member's role does not open (a link from someone else, an old bookmark). */
function Section({ permission, children }: { permission: string; children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  if (can(me, permission)) return children;
  return (
    <>
      <Heading>{t("studio.forbidden.title")}</Heading>
      <p>{t("studio.forbidden.text", { role: t(`studio.roles.${me.staff.role}`) })}</p>
    </>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="studio-main" className="studio-main studio-main--narrow">
      <Heading>{t("studio.notFound.title")}</Heading>
      <p>
        <a href="/studio">{t("studio.notFound.back")}</a>
      </p>
    </main>
  );
}

export function studioRoutes(): RouteObject[] {
  return [
    {
      path: "/studio",
      children: [
        { path: "sign-in", element: <SignInScreen /> },
        { path: "setup", element: <SetupScreen /> },
        {
          element: <SignedIn />,
          children: [
            { index: true, element: <Home /> },
            ...[...SECTIONS, ...PAGES].map((section) => ({
              path: section.path,
              element: <Section permission={section.permission}>{section.element}</Section>,
            })),
          ],
        },
        { path: "*", element: <NotFound /> },
      ],
    },
  ];
}

export function StudioApp({ client, initialMe, initialI18n }: { client: ApiClient; initialMe: Me | null; initialI18n: I18n }) {
  const [me, setMe] = useState(initialMe);
  const [signedOut, setSignedOut] = useState(false);
  const [i18n, setI18n] = useState(initialI18n);
  const [router] = useState(() => createBrowserRouter(studioRoutes()));
  const wanted = me?.staff.locale;
  useEffect(() => {
    if (!wanted || !isLocale(wanted) || wanted === i18n.language) return;
    let current = true;
    void loadStudioTexts(wanted).then((next) => current && setI18n(next));
    return () => {
      current = false;
    };
  }, [wanted, i18n.language]);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  const session = useMemo(
    () => ({
      client,
      me,
      signedOut,
      setMe: (next: Me | null) => {
        setSignedOut(false);
        setMe(next);
      },
      // The sign-in guard then shows the sign-in screen, which says so.
      leave: async () => {
        await signOut(client).catch(() => undefined); // the cookie may be gone already: signed out either way
        setSignedOut(true);
        setMe(null);
      },
    }),
    [client, me, signedOut],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <StudioRouterContext.Provider value={router}>
          <RouterProvider router={router} />
        </StudioRouterContext.Provider>
      </SessionContext.Provider>
    </I18nextProvider>
  );
}
