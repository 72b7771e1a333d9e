/**
 * The route table of spec §2. Public: /login and /register (signed-in people go on),
 * the e-mail token pages and the staging mailbox. Everything else is inside the
 * protected layout.
 */
import type { ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { ui } from "../../common/texts/index.ts";
import { LoginPage } from "../features/auth/LoginPage.tsx";
import { RegisterPage } from "../features/auth/RegisterPage.tsx";
import { ConfirmPage, MagicLinkPage } from "../features/auth/TokenPage.tsx";
import {
  ChannelPage,
  ChannelsPage,
  ChatIndexPage,
  DepartmentChatPage,
  DirectMessagesPage,
  DirectThreadPage,
  ShiftChatPage,
} from "../features/chat/pages.tsx";
import { MailboxPage } from "../features/dev/MailboxPage.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { NotFoundPage } from "../features/shell/NotFoundPage.tsx";
import { ShiftsAdminPage, ShiftsPage } from "../features/shifts/pages.tsx";
import { SwapsAdminPage, SwapsPage } from "../features/swaps/pages.tsx";
import { UsersPage } from "../features/users/UsersPage.tsx";
import { DemoOnly, FeatureGate, PublicOnly, RequireAbility } from "./guards.tsx";
import { ProtectedLayout } from "./ProtectedLayout.tsx";
import { SessionProvider } from "./session.tsx";

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

export const appRoutes: RouteObject[] = [
  {
    element: (
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    ),
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: "/login", element: <LoginPage /> },
          { path: "/register", element: <RegisterPage /> },
        ],
      },
      { path: "/auth/magic", element: <MagicLinkPage /> },
      { path: "/auth/confirm", element: <ConfirmPage /> },
      {
        path: "/dev/mailbox",
        element: (
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
      },
      {
        path: "/",
        element: <ProtectedLayout />,
        children: [
          { index: true, element: <Navigate to="/chat/department" replace /> },
          ...redirects.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          { path: "/chat/department", element: <DepartmentChatPage /> },
          {
            path: "/chat/shift",
            element: (
              <FeatureGate flag="shiftChat" title={p.shiftChat.title} offTitle={p.shiftChatOffTitle}>
                <ShiftChatPage />
              </FeatureGate>
            ),
          },
          { path: "/chat/dm", element: <DirectMessagesPage /> },
          { path: "/chat/dm/:threadId", element: <DirectThreadPage /> },
          {
            path: "/chat/channels",
            element: (
              <FeatureGate flag="channels" title={p.channels.title} offTitle={p.channelsOffTitle}>
                <ChannelsPage />
              </FeatureGate>
            ),
          },
          {
            path: "/chat/channel/:channelId",
            element: (
              <FeatureGate flag="channels" title={p.channel.title} offTitle={p.channelsOffTitle}>
                <ChannelPage />
              </FeatureGate>
            ),
          },
          { path: "/chat/*", element: <ChatIndexPage /> },
          { path: "/shifts/open", element: shifts(<ShiftsPage tab="open" />, p.shifts.title) },
          { path: "/shifts/assigned", element: shifts(<ShiftsPage tab="assigned" />, p.myShifts.title) },
          { path: "/shifts/swaps", element: swaps(<SwapsPage />, p.swaps.title) },
          {
            element: <RequireAbility ability="viewAdmin" />,
            children: [
              { path: "/admin/users", element: <UsersPage /> },
              { path: "/shifts/admin", element: shifts(<ShiftsAdminPage />, p.shiftsAdmin.title) },
              { path: "/shifts/swaps/admin", element: swaps(<SwapsAdminPage />, p.swapsAdmin.title) },
            ],
          },
          { path: "/profile", element: <ProfilePage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
