import { Megaphone, Users } from "lucide-react";
import { useState } from "react";
import { ui } from "../../../common/texts/index.ts";
import { ComingSoon, Page } from "../../components/page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useSession } from "../../lib/session.tsx";
import { BroadcastDialog } from "./broadcast/BroadcastDialog.tsx";

/**
 * /admin/users ('Ansatte'): 'Send varsel til alle' for admins (spec §6: broadcast is
 * admin-only); the user table is the frame until the user-administration issue fills it.
 */
export function UsersPage() {
  const { abilities } = useSession();
  const [broadcastOpen, setBroadcastOpen] = useState(false);
  return (
    <Page
      title={ui.pages.users.title}
      subtitle={ui.pages.users.subtitle}
      actions={
        abilities.broadcast && (
          <Button onClick={() => setBroadcastOpen(true)}>
            <Megaphone aria-hidden />
            {ui.broadcast.open}
          </Button>
        )
      }
    >
      <ComingSoon icon={Users} />
      {abilities.broadcast && <BroadcastDialog open={broadcastOpen} onOpenChange={setBroadcastOpen} />}
    </Page>
  );
}
