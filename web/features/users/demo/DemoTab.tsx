/**
 * 'Demo-verktøy' (admins, staging only; the server answers 404 in production): make a
 * demo user by form or with one click from seven samples, copy a demo user's sign-in
 * link ('Kopiert'), and make the standard demo users never made (dev-bootstrap: one an
 * admin deleted stays deleted).
 */
import { Copy, RotateCcw, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { failed, useBootstrapDemo, useCopySignInLink, useCreateDemoUser } from "../api/mutations.ts";
import { useDemoUsers } from "../api/queries.ts";
import { DemoUserForm } from "./DemoUserForm.tsx";
import { sampleUsers } from "./samples.ts";

const t = ui.users.demo;

function Panel({ title, body, children }: { title: string; body?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-border bg-white p-4 md:p-6">
      <div>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {body && <p className="mt-1 text-sm text-muted-fg">{body}</p>}
      </div>
      {children}
    </section>
  );
}

function QuickAdd() {
  const create = useCreateDemoUser();
  return (
    <ul className="flex flex-wrap gap-2">
      {sampleUsers.map((sample) => {
        const name = `${sample.firstName} ${sample.lastName}`;
        return (
          <li key={name}>
            <Button
              variant="outline"
              size="sm"
              aria-label={t.quickLabel(name)}
              disabled={create.isPending}
              onClick={() =>
                create.mutate(
                  { ...sample, deptName: "Anestesi" },
                  {
                    onSuccess: (made) => toast.success(t.created(made.fullName), { description: made.email }),
                    onError: (err) => failed(err, t.failed),
                  },
                )
              }
            >
              <UserPlus aria-hidden />
              {name}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function DemoUsers() {
  const users = useDemoUsers();
  const copy = useCopySignInLink();
  if (users.isPending) return <Skeleton className="h-24 w-full" />;
  if (users.isError) return <p className="text-sm text-error">{t.listFailed}</p>;
  if (users.data.users.length === 0) return <p className="text-sm text-muted-fg">{t.listEmpty}</p>;
  return (
    <ul aria-label={t.listTitle} className="divide-y divide-border">
      {users.data.users.map((user) => (
        <li key={user.email} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
          <div className="min-w-0">
            <p className="font-medium text-ink">
              <UserText>{user.fullName}</UserText>
            </p>
            <p className="text-sm break-all text-muted-fg">
              {withoutBidiControls(
                [user.email, user.role && ui.roles.label[user.role], user.deptName]
                  .filter(Boolean)
                  .join(" · "),
              )}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={t.copyLinkLabel(user.fullName)}
            disabled={copy.isPending}
            onClick={() => copy.mutate(user.email)}
          >
            <Copy aria-hidden />
            {t.copyLink}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function BootstrapButton() {
  const bootstrap = useBootstrapDemo();
  return (
    <Button
      variant="outline"
      className="self-start"
      disabled={bootstrap.isPending}
      onClick={() =>
        bootstrap.mutate(undefined, {
          onSuccess: ({ created }) => toast.success(t.bootstrapped(created)),
          onError: (err) => failed(err, t.bootstrapFailed),
        })
      }
    >
      <RotateCcw aria-hidden />
      {bootstrap.isPending ? t.bootstrapping : t.bootstrap}
    </Button>
  );
}

export function DemoTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={t.createTitle} body={t.createBody}>
        <DemoUserForm />
      </Panel>
      <div className="flex flex-col gap-4">
        <Panel title={t.quickTitle} body={t.quickBody}>
          <QuickAdd />
        </Panel>
        <Panel title={t.listTitle}>
          <DemoUsers />
          <BootstrapButton />
        </Panel>
      </div>
    </div>
  );
}
