/**
 * A better-auth endpoint that creates a session for a person the server itself has
 * identified: the demo-user switcher and the automatic demo sign-in (staging only, by
 * their route), and single sign-on once the provider's ID token has been checked.
 * better-auth's HTTP handler is never mounted, so only our own code can call it; the
 * sign-in gate (deactivation, domains) still applies, in the session hook.
 */
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

export const serverSessions = () => ({
  id: "server-sessions",
  endpoints: {
    createSessionFor: createAuthEndpoint(
      "/server/session",
      { method: "POST", body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!found) throw new APIError("NOT_FOUND");
        const session = await ctx.context.internalAdapter.createSession(found.id);
        if (!session) throw new APIError("INTERNAL_SERVER_ERROR");
        await setSessionCookie(ctx, { session, user: found });
        return ctx.json({ ok: true, sessionId: session.id });
      },
    ),
  },
});
