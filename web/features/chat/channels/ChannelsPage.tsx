/**
 * /chat/channels (decisions.md § Chat: 'Channels'): the channels I am in, then the
 * department's other public channels with 'Bli med'; leaders and admins create new
 * ones. Private channels reach this list only for their members (the server's answer).
 */
import { CircleAlert, Hash, Plus } from "lucide-react";
import { useState } from "react";
import { isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import type { ChannelList } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useChannels } from "../api/channels.ts";
import { useFollowChatLists } from "../unread/follow.ts";
import { ListSkeleton } from "../unread/ListSkeleton.tsx";
import { ChannelRow } from "./ChannelRow.tsx";
import { CreateChannelDialog } from "./CreateChannelDialog.tsx";

const t = ui.chatLists.channels;

function Section({
  title,
  hint,
  channels,
  empty,
}: {
  title: string;
  hint?: string;
  channels: ChannelList["channels"];
  empty?: string;
}) {
  return (
    <section className="flex flex-col gap-2">
      <div>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {hint && <p className="text-sm text-muted-fg">{hint}</p>}
      </div>
      {channels.length > 0 ? (
        <ul
          aria-label={title}
          className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-white"
        >
          {channels.map((c) => (
            <ChannelRow key={c.id} channel={c} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-border bg-white px-4 py-3 text-sm text-muted-fg">
          {empty}
        </p>
      )}
    </section>
  );
}

function ChannelSections({ canCreate }: { canCreate: boolean }) {
  const channels = useChannels();
  if (channels.isPending) return <ListSkeleton label={t.loading} />;
  if (channels.isError)
    return (
      <EmptyState
        icon={CircleAlert}
        title={t.failed}
        action={
          <Button variant="outline" onClick={() => channels.refetch()}>
            {ui.common.retry}
          </Button>
        }
      />
    );
  const all = channels.data.channels;
  if (all.length === 0)
    return (
      <EmptyState icon={Hash} title={t.emptyTitle}>
        {canCreate ? t.emptyLeader : t.emptyStaff}
      </EmptyState>
    );
  const others = all.filter((c) => !c.isMember);
  return (
    <>
      <Section title={t.mine} channels={all.filter((c) => c.isMember)} empty={t.noneMine} />
      {others.length > 0 && <Section title={t.others} hint={t.othersHint} channels={others} />}
    </>
  );
}

export function ChannelsPage() {
  useFollowChatLists();
  const canCreate = isLeaderOrAdmin(useSession().role);
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={ui.pages.channels.title}
      subtitle={ui.pages.channels.subtitle}
      actions={
        canCreate && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t.create}
          </Button>
        )
      }
    >
      <ChannelSections canCreate={canCreate} />
      {canCreate && <CreateChannelDialog open={creating} onOpenChange={setCreating} />}
    </Page>
  );
}
