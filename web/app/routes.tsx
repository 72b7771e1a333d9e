/**
 * The route table of spec §2. Public: /login, /register and /forgot-password (signed-in
 * people go on), the e-mail token pages and the staging mailbox. Everything else is
 * inside the protected layout.
 *
 * Only the guards and the not-found page are in the first download; /login, the shell
 * and every other screen load with their route (React Router's `lazy`), so a signed-in
 * visit does not fetch the login form's code (react-hook-form) and a visit to /login
 * not the shell's. On a first visit the router asks for them as soon as it starts,
 * alongside /api/config.
 */
import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, useRouteError } from "react-router";
import { ui } from "../../common/texts/index.ts";
import { FullPageError, FullPageSpinner } from "../components/full-page.tsx";
import { paths, redirects } from "../lib/paths.ts";
import { SessionProvider, useSessionState } from "../lib/session.tsx";
import { readStored, writeStored } from "../lib/storage.ts";
import { DemoOnly, FeatureGate, PublicOnly, RequireAbility } from "./guards.tsx";
import { NotFoundPage } from "./shell/NotFoundPage.tsx";
import type { PageHandle } from "./shell/page-title.ts";

const p = ui.pages;
const t = ui.nav;

/** A screen of the shell with its title in the mobile header. */
const titled = (title: string) => ({ handle: { title } satisfies PageHandle });

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
const threadPages = () => import("../features/chat/thread/pages.tsx");
const shiftPages = () => import("../features/shifts/pages.tsx");
const swapPages = () => import("../features/swaps/pages.tsx");
const dutyHolders = () => import("../features/duty/holders/DutyHolders.tsx");
const workAdmin = () => import("../features/work/admin/WorkAdmin.tsx");
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
          {
            path: paths.login,
            ...topLevel,
            ...lazyRoute(
              () => import("../features/auth/LoginPage.tsx"),
              ({ LoginPage }) => <LoginPage />,
            ),
          },
          {
            path: paths.register,
            ...topLevel,
            ...lazyRoute(
              () => import("../features/auth/RegisterPage.tsx"),
              ({ RegisterPage }) => <RegisterPage />,
            ),
          },
          {
            path: paths.forgotPassword,
            ...topLevel,
            ...lazyRoute(
              () => import("../features/auth/ForgotPasswordPage.tsx"),
              ({ ForgotPasswordPage }) => <ForgotPasswordPage />,
            ),
          },
        ],
      },
      {
        path: paths.auth.magic,
        ...topLevel,
        ...lazyRoute(magicLinkPage, ({ MagicLinkPage }) => <MagicLinkPage />),
      },
      {
        path: paths.auth.confirm,
        ...topLevel,
        ...lazyRoute(confirmPage, ({ ConfirmPage }) => <ConfirmPage />),
      },
      {
        path: paths.auth.reset,
        ...topLevel,
        ...lazyRoute(
          () => import("../features/auth/ResetPasswordPage.tsx"),
          ({ ResetPasswordPage }) => <ResetPasswordPage />,
        ),
      },
      {
        path: paths.dev.mailbox,
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
        path: paths.home,
        ...topLevel,
        ...lazyRoute(
          () => import("./ProtectedLayout.tsx"),
          ({ ProtectedLayout }) => <ProtectedLayout />,
        ),
        children: [
          { index: true, element: <Navigate to={paths.chat.department} replace /> },
          ...redirects.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          {
            path: paths.chat.department,
            ...titled(t.department),
            ...lazyRoute(threadPages, ({ DepartmentChatPage }) => <DepartmentChatPage />),
          },
          {
            path: paths.chat.shift,
            ...titled(t.shiftChat),
            // Who holds the duty roles now, under the shift chat's header.
            ...lazyRoute(
              () => Promise.all([threadPages(), dutyHolders()]),
              ([{ ShiftChatPage }, { DutyHolders }]) => (
                <FeatureGate flag="shiftChat" title={p.shiftChat.title} offTitle={p.shiftChatOffTitle}>
                  <ShiftChatPage below={<DutyHolders />} />
                </FeatureGate>
              ),
            ),
          },
          {
            path: paths.chat.dms,
            ...titled(t.directMessages),
            ...lazyRoute(
              () => import("../features/chat/dm/DirectMessagesPage.tsx"),
              ({ DirectMessagesPage }) => <DirectMessagesPage />,
            ),
          },
          {
            path: paths.chat.dm.pattern,
            ...titled(t.directMessages),
            ...lazyRoute(threadPages, ({ DirectThreadPage }) => <DirectThreadPage />),
          },
          {
            path: paths.chat.channels,
            ...titled(t.channels),
            ...lazyRoute(
              () => import("../features/chat/channels/ChannelsPage.tsx"),
              ({ ChannelsPage }) => (
                <FeatureGate flag="channels" title={p.channels.title} offTitle={p.channelsOffTitle}>
                  <ChannelsPage />
                </FeatureGate>
              ),
            ),
          },
          {
            path: paths.chat.channel.pattern,
            ...titled(t.channels),
            ...lazyRoute(threadPages, ({ ChannelPage }) => (
              <FeatureGate flag="channels" title={p.channel.title} offTitle={p.channelsOffTitle}>
                <ChannelPage />
              </FeatureGate>
            )),
          },
          {
            path: paths.chat.thread.pattern,
            ...titled(t.chat),
            ...lazyRoute(threadPages, ({ ThreadPage }) => <ThreadPage />),
          },
          {
            path: `${paths.chat.root}/*`,
            ...titled(t.chat),
            ...lazyRoute(chat, ({ ChatIndexPage }) => <ChatIndexPage />),
          },
          {
            path: paths.shifts.open,
            ...titled(t.extraShifts),
            ...lazyRoute(shiftPages, ({ ShiftsPage }) => shifts(<ShiftsPage tab="open" />, p.shifts.title)),
          },
          {
            path: paths.shifts.assigned,
            ...titled(t.myShifts),
            ...lazyRoute(shiftPages, ({ ShiftsPage }) =>
              shifts(<ShiftsPage tab="assigned" />, p.myShifts.title),
            ),
          },
          {
            path: paths.swaps.list,
            ...titled(t.swapsShort),
            ...lazyRoute(swapPages, ({ SwapsPage }) => swaps(<SwapsPage />, p.swaps.title)),
          },
          {
            element: <RequireAbility ability="viewAdmin" />,
            children: [
              {
                path: paths.admin.users,
                ...titled(t.users),
                ...lazyRoute(
                  () =>
                    Promise.all([
                      import("../features/users/UsersPage.tsx"),
                      import("../features/access-log/AccessLogTab.tsx"),
                      import("../features/retention/RetentionSection.tsx"),
                    ]),
                  ([{ UsersPage }, { AccessLogTab }, { RetentionSection }]) => (
                    <UsersPage
                      adminTabs={[
                        { key: "access-log", label: ui.accessLog.admin.tab, content: <AccessLogTab /> },
                        { key: "retention", label: ui.retention.tab, content: <RetentionSection /> },
                      ]}
                    />
                  ),
                ),
              },
              {
                path: paths.shifts.admin,
                ...titled(t.adminShifts),
                ...lazyRoute(
                  () => Promise.all([shiftPages(), workAdmin()]),
                  ([{ ShiftsAdminPage }, { WorkAdmin }]) =>
                    shifts(<ShiftsAdminPage below={<WorkAdmin />} />, p.shiftsAdmin.title),
                ),
              },
              {
                path: paths.admin.duty,
                ...titled(ui.duty.title),
                ...lazyRoute(
                  () => import("../features/duty/admin/DutyAdminPage.tsx"),
                  ({ DutyAdminPage }) => <DutyAdminPage />,
                ),
              },
              {
                path: paths.admin.urgent,
                ...titled(ui.urgent.overviewTitle),
                ...lazyRoute(
                  () => import("../features/chat/urgent/UrgentOverviewPage.tsx"),
                  ({ UrgentOverviewPage }) => <UrgentOverviewPage />,
                ),
              },
              {
                path: paths.swaps.admin,
                ...titled(t.adminSwaps),
                ...lazyRoute(swapPages, ({ SwapsAdminPage }) =>
                  swaps(<SwapsAdminPage />, p.swapsAdmin.title),
                ),
              },
            ],
          },
          {
            path: paths.profile,
            ...titled(t.myProfile),
            ...lazyRoute(
              () =>
                Promise.all([
                  import("../features/profile/ProfilePage.tsx"),
                  import("../features/access-log/MyAccessLog.tsx"),
                ]),
              ([{ ProfilePage }, { MyAccessLog }]) => <ProfilePage below={<MyAccessLog />} />,
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
