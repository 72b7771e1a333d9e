import type { AppContext } from "../../platform/context.ts";
import type { Feature } from "../../platform/feature.ts";
import { kindEnabled, loadThread } from "./access.ts";
import { attachmentRoutes } from "./attachment-routes.ts";
import { unclaimedFilesJob } from "./attachments.ts";
import { chatCaches } from "./caches.ts";
import { chatLoaders } from "./loaders.ts";
import { purgeDeletedJob } from "./message-purge.ts";
import { messageRoutes } from "./message-routes.ts";
import { privacyChoiceRoutes } from "./privacy-choices.ts";
import { chatRoutes } from "./routes.ts";
import { searchRoutes } from "./search-routes.ts";
import { type ChatNotices, urgentNoticesJob } from "./urgent.ts";
import { urgentRoutes } from "./urgent-routes.ts";

/** `notices`: the bell's notices of urgent messages (the notifications feature's, from app.ts). */
export const chatFeature = (deps: { notices: ChatNotices }): Feature => ({
  name: "chat",
  routes(app, ctx) {
    const caches = chatCaches(ctx);
    const load = chatLoaders(ctx, caches);
    chatRoutes(app, ctx, load);
    messageRoutes(app, ctx, load, caches, deps.notices);
    urgentRoutes(app, ctx, load, deps.notices);
    attachmentRoutes(app, ctx, load);
    privacyChoiceRoutes(app, ctx, load);
    searchRoutes(app, ctx);
  },
  jobs: (ctx) => [
    purgeDeletedJob(ctx.files),
    unclaimedFilesJob(ctx.files),
    urgentNoticesJob(ctx.config.urgentJobMs, deps.notices),
  ],
});

/**
 * The thread behind a realtime `thread:{id}` topic, for the hub to ask `thread.read`; a
 * thread of a kind switched off is not there to follow.
 */
export function threadTopicResource(ctx: AppContext) {
  return async (threadId: string) => {
    const thread = await loadThread(ctx.db, threadId);
    return thread && kindEnabled(ctx.brand.features, thread.kind) ? thread : null;
  };
}
