/**
 * The route table of spec §2. Public: /login, /register and /forgot-password (signed-in
 * people go on), the e-mail token pages and the staging mailbox. Everything else is
 * inside the protected layout.
 *
 * Only /login (with the guards and the not-found page) is in the first download; the
 * shell and every other screen load with their route (React Router's `lazy`). On a
 * first visit the router asks for them as soon as it starts, alongside /api/config.
 */
import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, useRouteError } from "react-router";
import { ui } from "../../common/texts/index.ts";
import { LoginPage } from "../features/auth/LoginPage.tsx";
import { NotFoundPage } from "../features/shell/NotFoundPage.tsx";
import { readStored, writeStored } from "../lib/storage.ts";
import { FullPageError, FullPageSpinner } from "./full-page.tsx";
import { DemoOnly, FeatureGate, PublicOnly, RequireAbility } from "./guards.tsx";
import { SessionProvider, useSessionState } from "./session.tsx";

/** Old and alias paths (spec §2 Redirects, decisions.md: /swaps aliases). */
export const redirects: readonly (readonly [from: string, to: string])[] = [
  ["/ekstravakter", "/shifts/open"],
  ["/mine-tildelte", "/shifts/assigned"],
  ["/admin/ekstravakter", "/shifts/admin"],
  ["/admin/vaktbytter", "/shifts/swaps/admin"],
  ["/arbeidsfeed", "/chat/department"],
  ["/chat/dept", "/chat/department"],
  ["/department", "/chat/department"],
  ["/chat", "/chat/department"],
  ["/me/profile", "/profile"],
  ["/me", "/profile"],
  ["/shifts", "/shifts/open"],
  ["/admin", "/admin/users"],
  ["/swaps", "/shifts/swaps"],
  ["/swaps/admin", "/shifts/swaps/admin"],
];

const p = ui.pages;

/** When a missing route chunk last reloaded the page: a chunk that stays missing must not loop. */
const reloadedAtKey = "vaktrom.routeChunk.reloadedAt";

/** A route's code could not be fetched. */
class RouteChunkError extends Error {
  constructor(cause: unknown) {
    super("A route's code could not be loaded", { cause });
  }
}

async function load<M>(importer: () => Promise<M>): Promise<M> {
  try {
    return await importer();
  } catch (err) {
    throw new RouteChunkError(err);
  }
}

/**
 * The error element of the lazy routes at the top of the table (the shell's screens
 * report here too). A tab opened before a deploy asks for chunk files that are gone;
 * one reload fetches the new build. Offline, or if that did not help: say so, offer a
 * retry. Every other error goes on to the router's default, as before.
 */
function RouteChunkFailed() {
  const error = useRouteError();
  const isChunk = error instanceof RouteChunkError;
  const reload = isChunk && navigator.onLine && Date.now() - readStored("session", reloadedAtKey, 0) > 60_000;
  useEffect(() => {
    if (!reload) return;
    writeStored("session", reloadedAtKey, Date.now());
    window.location.reload();
  }, [reload]);
  if (!isChunk) throw error;
  if (reload) return <FullPageSpinner />;
  return (
    <FullPageError
      title={ui.common.somethingWentWrong}
      body={ui.common.networkError}
      onRetry={() => window.location.reload()}
    />
  );
}

/**
 * A route whose element comes from a lazily loaded module. Until the first route code
 * has arrived the router shows the same spinner as while the config and session load.
 */
function lazyRoute<M>(importer: () => Promise<M>, element: (module: M) => ReactNode) {
  return {
    lazy: async () => ({ element: element(await load(importer)) }),
    hydrateFallbackElement: <FullPageSpinner />,
  } satisfies RouteObject;
}

const topLevel = { errorElement: <RouteChunkFailed /> } satisfies RouteObject;

const chat = () => import("../features/chat/pages.tsx");
const shiftPages = () => import("../features/shifts/pages.tsx");
const swapPages = () => import("../features/swaps/pages.tsx");
const magicLinkPage = () => import("../features/auth/TokenPage.tsx");
const confirmPage = () => import("../features/auth/ConfirmPage.tsx");

const shifts = (element: ReactNode, title: string) => (
  <FeatureGate flag="shifts" title={title} offTitle={p.shiftsOffTitle}>
    {element}
  </FeatureGate>
);
const swaps = (element: ReactNode, title: string) => (
  <FeatureGate flag="swaps" title={title} offTitle={p.swapsOffTitle}>
    {element}
  </FeatureGate>
);

/**
 * /login, /register and /forgot-password. PublicOnly sends a signed-in person on with a
 * Navigate, which shows nothing; the spinner covers the moment the shell's code may
 * still be loading.
 */
function PublicPages() {
  const signedIn = useSessionState().status === "signedIn";
  return (
    <>
      {signedIn && <FullPageSpinner />}
      <PublicOnly />
    </>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: (
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    ),
    children: [
      {
        element: <PublicPages />,
        children: [
          { path: "/login", element: <LoginPage /> },
          {
            path: "/register",
            ...topLevel,
            ...lazyRoute(
              () => import("../features/auth/RegisterPage.tsx"),
              ({ RegisterPage }) => <RegisterPage />,
            ),
          },
          {
            path: "/forgot-password",
            ...topLevel,
            ...lazyRoute(
              () => import("../features/auth/ForgotPasswordPage.tsx"),
              ({ ForgotPasswordPage }) => <ForgotPasswordPage />,
            ),
          },
        ],
      },
      {
        path: "/auth/magic",
        ...topLevel,
        ...lazyRoute(magicLinkPage, ({ MagicLinkPage }) => <MagicLinkPage />),
      },
      { path: "/auth/confirm", ...topLevel, ...lazyRoute(confirmPage, ({ ConfirmPage }) => <ConfirmPage />) },
      {
        path: "/auth/reset",
        ...topLevel,
        ...lazyRoute(
          () => import("../features/auth/ResetPasswordPage.tsx"),
          ({ ResetPasswordPage }) => <ResetPasswordPage />,
        ),
      },
      {
        path: "/dev/mailbox",
        ...topLevel,
        ...lazyRoute(
          () => import("../features/dev/MailboxPage.tsx"),
          ({ MailboxPage }) => (
            <DemoOnly
              fallback={
                <main className="min-h-dvh bg-muted">
                  <NotFoundPage />
                </main>
              }
            >
              <MailboxPage />
            </DemoOnly>
          ),
        ),
      },
      {
        path: "/",
        ...topLevel,
        ...lazyRoute(
          () => import("./ProtectedLayout.tsx"),
          ({ ProtectedLayout }) => <ProtectedLayout />,
        ),
        children: [
          { index: true, element: <Navigate to="/chat/department" replace /> },
          ...redirects.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          {
            path: "/chat/department",
            ...lazyRoute(chat, ({ DepartmentChatPage }) => <DepartmentChatPage />),
          },
          {
            path: "/chat/shift",
            ...lazyRoute(chat, ({ ShiftChatPage }) => (
              <FeatureGate flag="shiftChat" title={p.shiftChat.title} offTitle={p.shiftChatOffTitle}>
                <ShiftChatPage />
              </FeatureGate>
            )),
          },
          { path: "/chat/dm", ...lazyRoute(chat, ({ DirectMessagesPage }) => <DirectMessagesPage />) },
          { path: "/chat/dm/:threadId", ...lazyRoute(chat, ({ DirectThreadPage }) => <DirectThreadPage />) },
          {
            path: "/chat/channels",
            ...lazyRoute(chat, ({ ChannelsPage }) => (
              <FeatureGate flag="channels" title={p.channels.title} offTitle={p.channelsOffTitle}>
                <ChannelsPage />
              </FeatureGate>
            )),
          },
          {
            path: "/chat/channel/:channelId",
            ...lazyRoute(chat, ({ ChannelPage }) => (
              <FeatureGate flag="channels" title={p.channel.title} offTitle={p.channelsOffTitle}>
                <ChannelPage />
              </FeatureGate>
            )),
          },
          { path: "/chat/*", ...lazyRoute(chat, ({ ChatIndexPage }) => <ChatIndexPage />) },
          {
            path: "/shifts/open",
            ...lazyRoute(shiftPages, ({ ShiftsPage }) => shifts(<ShiftsPage tab="open" />, p.shifts.title)),
          },
          {
            path: "/shifts/assigned",
            ...lazyRoute(shiftPages, ({ ShiftsPage }) =>
              shifts(<ShiftsPage tab="assigned" />, p.myShifts.title),
            ),
          },
          {
            path: "/shifts/swaps",
            ...lazyRoute(swapPages, ({ SwapsPage }) => swaps(<SwapsPage />, p.swaps.title)),
          },
          {
            element: <RequireAbility ability="viewAdmin" />,
            children: [
              {
                path: "/admin/users",
                ...lazyRoute(
                  () => import("../features/users/UsersPage.tsx"),
                  ({ UsersPage }) => <UsersPage />,
                ),
              },
              {
                path: "/shifts/admin",
                ...lazyRoute(shiftPages, ({ ShiftsAdminPage }) =>
                  shifts(<ShiftsAdminPage />, p.shiftsAdmin.title),
                ),
              },
              {
                path: "/shifts/swaps/admin",
                ...lazyRoute(swapPages, ({ SwapsAdminPage }) =>
                  swaps(<SwapsAdminPage />, p.swapsAdmin.title),
                ),
              },
            ],
          },
          {
            path: "/profile",
            ...lazyRoute(
              () => import("../features/profile/ProfilePage.tsx"),
              ({ ProfilePage }) => <ProfilePage />,
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
