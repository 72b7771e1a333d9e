/**
 * Urgent notices on screen (issue 26): a `chat.urgent` event on my topic becomes a red
 * toast with a short sound and a way to the message, whatever page is open; its bell
 * notice arrives through the notifications feature. A mention by name, role or '@vakt'
 * is a quiet toast. Drawn once, beside the bell; it renders nothing itself.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { RealtimeEvent } from "../../../../common/schemas/realtime.ts";
import { topics } from "../../../../common/schemas/realtime.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { paths } from "../../../lib/paths.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { urgentKeys } from "../api/urgent.ts";
import { beep } from "./beep.ts";

const t = ui.urgent;

type ThreadEvent = Extract<RealtimeEvent, { type: "chat.urgent" | "chat.mentioned" }>;

const threadPath = ({ payload }: ThreadEvent) =>
  payload.kind === "direct"
    ? paths.chat.dm(payload.threadId)
    : payload.kind === "channel"
      ? paths.chat.channel(payload.threadId)
      : payload.kind === "shift"
        ? paths.chat.shift
        : paths.chat.department;

/** Events already shown: one toast per event, however many listen. */
const shown = new WeakSet<RealtimeEvent>();

export function UrgentNotices() {
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  useRealtimeTopic(topics.user(user.id), {
    onEvent: (event) => {
      if (shown.has(event)) return;
      if (event.type !== "chat.urgent" && event.type !== "chat.mentioned") return;
      shown.add(event);
      const action = { label: t.open, onClick: () => navigate(threadPath(event)) };
      if (event.type === "chat.mentioned") return void toast.info(t.toastMentioned, { action });
      const { notice, messageId } = event.payload;
      beep();
      void client.invalidateQueries({ queryKey: urgentKeys.overview });
      const title =
        notice === "escalation" ? t.toastEscalation : notice === "repeat" ? t.toastRepeat : t.toastTitle;
      toast.error(title, {
        id: `urgent-${messageId}-${notice === "escalation" ? "escalation" : "notice"}`,
        description: notice === "escalation" ? t.toastEscalationBody : t.toastBody,
        duration: 15_000,
        action,
      });
    },
  });
  return null;
}
