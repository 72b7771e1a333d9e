/**
 * /admin/users 'Administrasjon' (spec §2 Admin users): admins manage everyone, leaders
 * (de)activate the staff of their department and nothing else. Header buttons for admins:
 * 'Send varsel til alle' and 'Legg til ny bruker'. Tabs, in the address (`?tab=log`) so
 * a reload opens the same one: 'Brukeradministrasjon' for everyone here, 'Sendte varsler'
 * ('Sett av n av m') for leaders and admins, 'Logg' for admins, 'Demo-verktøy' for admins
 * in staging only; after them the admins' tabs other features bring (`adminTabs`, placed by
 * the route table, e.g. 'Oppbevaring').
 */
import { Megaphone, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { Page } from "../../components/page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useConfig } from "../../lib/config.tsx";
import { useSession } from "../../lib/session.tsx";
import { BroadcastDialog } from "./broadcast/BroadcastDialog.tsx";
import { SentBroadcasts } from "./broadcast/SentBroadcasts.tsx";
import { DemoTab } from "./demo/DemoTab.tsx";
import { CreateUserDialog } from "./form/CreateUserDialog.tsx";
import { UsersTab } from "./list/UsersTab.tsx";
import { AuditTab } from "./log/AuditTab.tsx";

const t = ui.users;
const tabParam = "tab";
type UsersTabKey = keyof typeof t.tabs;

/** A tab of another feature on this page, for admins. */
export interface AdminTab {
  key: string;
  label: string;
  content: ReactNode;
}

function useVisibleTabs(): UsersTabKey[] {
  const { role } = useSession();
  const { config } = useConfig();
  if (role === "leader") return ["users", "sent"];
  if (role !== "admin") return ["users"];
  return config.environment === "staging" && config.demoTools
    ? ["users", "sent", "log", "demo"]
    : ["users", "sent", "log"];
}

export function UsersPage({ adminTabs = [] }: { adminTabs?: readonly AdminTab[] }) {
  const { abilities, role } = useSession();
  const isAdmin = role === "admin";
  const [broadcastOpen, setBroadcastOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const tabs = useVisibleTabs();
  const extra = isAdmin ? adminTabs : [];
  const [params, setParams] = useSearchParams();
  const tab = [...tabs, ...extra.map((e) => e.key)].find((key) => key === params.get(tabParam)) ?? "users";
  const show = (next: string) =>
    setParams((prev) => {
      const updated = new URLSearchParams(prev);
      if (next === "users") updated.delete(tabParam);
      else updated.set(tabParam, next);
      return updated;
    });
  return (
    <Page
      title={ui.pages.users.title}
      subtitle={ui.pages.users.subtitle}
      actions={
        <>
          {abilities.broadcast && (
            <Button variant="outline" onClick={() => setBroadcastOpen(true)}>
              <Megaphone aria-hidden />
              {ui.broadcast.open}
            </Button>
          )}
          {isAdmin && (
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden />
              {t.create.open}
            </Button>
          )}
        </>
      }
    >
      <Tabs value={tab} onValueChange={show}>
        <TabsList aria-label={t.tabsLabel} className="w-full justify-start sm:w-auto">
          {tabs.map((key) => (
            <TabsTrigger key={key} value={key}>
              {t.tabs[key]}
            </TabsTrigger>
          ))}
          {extra.map((e) => (
            <TabsTrigger key={e.key} value={e.key}>
              {e.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        {tabs.includes("sent") && (
          <TabsContent value="sent">
            <SentBroadcasts />
          </TabsContent>
        )}
        {tabs.includes("log") && (
          <TabsContent value="log">
            <AuditTab />
          </TabsContent>
        )}
        {tabs.includes("demo") && (
          <TabsContent value="demo">
            <DemoTab />
          </TabsContent>
        )}
        {extra.map((e) => (
          <TabsContent key={e.key} value={e.key}>
            {e.content}
          </TabsContent>
        ))}
      </Tabs>
      {abilities.broadcast && <BroadcastDialog open={broadcastOpen} onOpenChange={setBroadcastOpen} />}
      {isAdmin && <CreateUserDialog open={creating} onOpenChange={setCreating} />}
    </Page>
  );
}
