/**
 * Render the real app (route table, providers) at a path, against a fake API: each test
 * says what the endpoints answer, and can read what the app sent.
 */
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router";
import { vi } from "vitest";
import type { Session } from "../../common/schemas/auth.ts";
import { defaultBrand, type FeatureFlags } from "../../common/schemas/brand.ts";
import type { AppConfig } from "../../common/schemas/config.ts";
import { RequireSession } from "../app/guards.tsx";
import { AppProviders } from "../app/providers.tsx";
import { appRoutes } from "../app/routes.tsx";
import { createQueryClient } from "../lib/query.ts";
import { SessionProvider } from "../lib/session.tsx";

export const config = (features: Partial<FeatureFlags> = {}, over: Partial<AppConfig> = {}): AppConfig => ({
  environment: "staging",
  autoSignIn: false,
  demoTools: true,
  features: { ...defaultBrand.features, ...features },
  singleSignOn: null,
  limits: { maxUploadMB: 20, passwordMinLength: 6, sessionIdleMinutes: null },
  ...over,
});

const anestesi = "7d0f7a3e-2a5e-4f55-9f0c-3a1f7d3c9a01";
const intensiv = "7d0f7a3e-2a5e-4f55-9f0c-3a1f7d3c9a02";

export function session(role: "admin" | "leader" | "staff" | null, over: Partial<Session> = {}): Session {
  const lead = role === "admin" || role === "leader";
  return {
    user: {
      id: "u1",
      email: "kari@example.no",
      fullName: "Kari Nordmann",
      firstName: "Kari",
      lastName: "Nordmann",
      phone: null,
      avatarUrl: null,
      createdAt: "2025-01-15T10:00:00.000Z",
    },
    memberships: role ? [{ deptId: anestesi, deptName: "Anestesi", role, isActive: true }] : [],
    currentDeptId: role ? anestesi : null,
    role,
    badgeRole: role,
    needsDepartment: role === null,
    abilities: { viewAdmin: lead, manageShifts: lead, broadcast: role === "admin", useDevTools: true },
    ...over,
  };
}

export const departments = [
  { id: anestesi, name: "Anestesi" },
  { id: intensiv, name: "Intensiv" },
];

/** A JSON body (status 200) or `{ status, body }`. */
type Reply = Record<string, unknown> | unknown[];
export type Handlers = Record<string, Reply | ((body: unknown) => Reply | Promise<Reply>)>;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Replace fetch: `handlers["POST /api/auth/sign-in"]` answers that request; others are 404. */
export function mockApi(handlers: Handlers): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const path = new URL(input, "http://localhost").pathname;
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
      const handler = handlers[`${method} ${path}`];
      let reply: Reply | undefined = typeof handler === "function" ? await handler(body) : handler;
      if (reply === undefined)
        reply = { status: 404, body: { error: { code: "not_found", message: "Fant ikke" } } };
      const isFull = typeof reply === "object" && reply !== null && "status" in reply && "body" in reply;
      const { status, body: json } = isFull
        ? (reply as { status: number; body: unknown })
        : { status: 200, body: reply };
      return new Response(JSON.stringify(json), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

/** The endpoints every page load asks for. */
export const baseHandlers = (s: Session | null, features: Partial<FeatureFlags> = {}): Handlers => ({
  "GET /api/config": config(features),
  "GET /brand/brand.default.json": defaultBrand,
  "GET /api/auth/session": { session: s },
  "GET /api/departments": { departments },
});

export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const view = render(<AppProviders client={client} router={router} />);
  return { router, client, ...view };
}

/**
 * One piece of a feature inside the app's providers and a signed-in session, without the
 * route table or the frame: for what works behind every screen (the tab title, say).
 */
export function renderSignedIn(element: ReactNode) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <SessionProvider>
          <RequireSession>{element}</RequireSession>
        </SessionProvider>
      ),
    },
  ]);
  return render(<AppProviders client={createQueryClient()} router={router} />);
}
