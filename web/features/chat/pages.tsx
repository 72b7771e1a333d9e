/**
 * The chat screens' frames: real titles and subtitles from the spec, and an honest
 * empty state until the chat issue brings the messages.
 */
import { CheckCircle2, Hash, MessageSquare, MessagesSquare } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import { ComingSoon, Page } from "../../components/page.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useConfig } from "../../lib/config.tsx";
import { useShiftBlock } from "../../lib/dates.ts";

const p = ui.pages;

/** /chat/* : the chat index with the features this installation has switched on. */
export function ChatIndexPage() {
  const { features } = useConfig().config;
  const on = [
    [features.chatAttachments, p.chatIndex.uploads],
    [features.chatReactions, p.chatIndex.reactions],
    [features.channels, p.chatIndex.channels],
  ] as const;
  return (
    <Page title={p.chatIndex.title}>
      <EmptyState icon={MessagesSquare} title={p.chatIndex.placeholder}>
        {on.some(([enabled]) => enabled) && (
          <>
            <p>{p.chatIndex.features}</p>
            <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
              {on
                .filter(([enabled]) => enabled)
                .map(([, label]) => (
                  <li key={label} className="flex items-center gap-1.5">
                    <CheckCircle2 aria-hidden className="size-4 text-success" />
                    {label}
                  </li>
                ))}
            </ul>
          </>
        )}
      </EmptyState>
    </Page>
  );
}

export function DepartmentChatPage() {
  return (
    <Page title={p.departmentChat.title} subtitle={p.departmentChat.subtitle}>
      <ComingSoon icon={MessagesSquare} />
    </Page>
  );
}

export function ShiftChatPage() {
  const block = useShiftBlock();
  return (
    <Page
      title={
        <span className="flex items-center gap-2.5">
          <span aria-hidden className="size-2.5 rounded-full bg-success motion-safe:animate-pulse-dot" />
          {p.shiftChat.title}
        </span>
      }
      subtitle={<span className="tabular">{p.shiftChat.subtitle(block.name, block.range)}</span>}
    >
      <ComingSoon icon={MessagesSquare} />
    </Page>
  );
}

export function DirectMessagesPage() {
  return (
    <Page title={p.directMessages.title} subtitle={p.directMessages.subtitle}>
      <ComingSoon icon={MessageSquare} />
    </Page>
  );
}

export function DirectThreadPage() {
  return (
    <Page title={p.dmThread.title}>
      <ComingSoon icon={MessageSquare} />
    </Page>
  );
}

export function ChannelsPage() {
  return (
    <Page title={p.channels.title} subtitle={p.channels.subtitle}>
      <ComingSoon icon={Hash} />
    </Page>
  );
}

export function ChannelPage() {
  return (
    <Page title={p.channel.title}>
      <ComingSoon icon={Hash} />
    </Page>
  );
}
