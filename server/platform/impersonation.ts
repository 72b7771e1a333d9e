/**
 * A better-auth endpoint that creates a session for a given user, for the demo-user
 * switcher and the automatic demo sign-in. better-auth's HTTP handler is never
 * mounted, and our only route to this is registered outside production.
 */
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

export const impersonation = () => ({
  id: "dev-impersonation",
  endpoints: {
    devImpersonate: createAuthEndpoint(
      "/dev/impersonate",
      { method: "POST", body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!found) throw new APIError("NOT_FOUND");
        const session = await ctx.context.internalAdapter.createSession(found.id);
        if (!session) throw new APIError("INTERNAL_SERVER_ERROR");
        await setSessionCookie(ctx, { session, user: found });
        return ctx.json({ ok: true });
      },
    ),
  },
});
