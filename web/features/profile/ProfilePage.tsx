import { CheckCircle2, Download, Lightbulb } from "lucide-react";
import type { ReactNode } from "react";
import { type Role, roleLabels } from "../../../common/domain/roles.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import { ui } from "../../../common/texts/index.ts";
import { AvatarUpload } from "../../components/avatar-upload.tsx";
import { Page } from "../../components/page.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { UserText } from "../../components/user-text.tsx";
import { formatLongDate } from "../../lib/dates.ts";
import { useSession } from "../../lib/session.tsx";
import { myDataUrl, useMyAvatar } from "./api/profile.ts";
import { ProfileForm } from "./ProfileForm.tsx";
import { PushSetting } from "./push/PushSetting.tsx";
import { QuietSetting } from "./QuietSetting.tsx";

const t = ui.profile;

const roleTone: Record<Role, BadgeTone> = { admin: "error", leader: "info", staff: "success" };

export function RoleBadge({ role }: { role: Role | null }) {
  return (
    <Badge tone={role ? roleTone[role] : "neutral"}>{role ? ui.roles.label[role] : ui.roles.unknown}</Badge>
  );
}

/** What this person may do, from the abilities the server computed (spec §6 access summary). */
function accessSummary(session: Session): string[] {
  const { abilities } = session;
  const lines: (string | false)[] = [
    session.badgeRole === "admin" && t.access.fullAccess,
    abilities.manageShifts && t.access.manageShifts,
    abilities.viewAdmin && t.access.approveSwaps,
    abilities.broadcast && t.access.broadcast,
    t.access.interest,
    t.access.chat,
  ];
  return lines.filter((line) => line !== false);
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-border bg-white p-5 shadow-xs">
      <h2 className="mb-4 text-base font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-fg">{label}</dt>
      <dd className="min-w-0 text-[15px] break-words text-ink">{children}</dd>
    </div>
  );
}

/** `below`: what other features show a person about themselves (the access log), placed by the route table. */
export function ProfilePage({ below }: { below?: ReactNode }) {
  const session = useSession();
  const { user } = session;
  const current = session.memberships.find((m) => m.deptId === session.currentDeptId);
  const active = current?.isActive ?? true;
  const avatar = useMyAvatar(user.id);

  return (
    <Page title={t.title} subtitle={t.subtitle}>
      <section className="flex flex-col items-center gap-4 rounded-xl border border-border bg-white p-6 text-center shadow-xs sm:flex-row sm:items-start sm:text-left">
        <AvatarUpload
          name={user.fullName}
          src={user.avatarUrl}
          upload={avatar.upload}
          remove={avatar.remove}
        />
        <div className="min-w-0 sm:border-l sm:border-border sm:pl-6">
          <h2 className="text-xl font-semibold text-ink">
            <UserText>{user.fullName}</UserText>
          </h2>
          <p className="text-[15px] text-muted-fg">{user.email}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-2 sm:justify-start">
            <RoleBadge role={session.badgeRole} />
            {current && (
              <Badge>
                <UserText>{current.deptName}</UserText>
              </Badge>
            )}
          </div>
        </div>
      </section>

      <div className="grid gap-6 @3xl:grid-cols-2">
        <Card title={t.detailsTitle}>
          <dl className="divide-y divide-border">
            <Field label={t.fullName}>
              <UserText>{user.fullName}</UserText>
            </Field>
            <Field label={t.email}>{user.email}</Field>
            <Field label={t.phone}>{user.phone ?? <span className="text-muted-fg">{t.notSet}</span>}</Field>
            <Field label={t.role}>
              <RoleBadge role={session.badgeRole} />
            </Field>
            <Field label={t.memberSince}>{formatLongDate(user.createdAt)}</Field>
            <Field label={t.status}>
              <Badge tone={active ? "success" : "warning"}>{active ? t.active : t.inactive}</Badge>
            </Field>
          </dl>
        </Card>

        <div className="flex flex-col gap-6">
          <Card title={t.edit.title}>
            <ProfileForm user={user} />
          </Card>

          <Card title={t.quiet.title}>
            <QuietSetting />
          </Card>

          <Card title={ui.push.heading}>
            <PushSetting />
          </Card>

          <Card title={t.accessTitle}>
            <ul className="flex flex-col gap-2.5">
              {accessSummary(session).map((line) => (
                <li key={line} className="flex items-start gap-2.5 text-[15px] text-ink">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  {line}
                </li>
              ))}
            </ul>
          </Card>

          {session.memberships.length > 0 && (
            <Card title={t.departments}>
              <ul className="divide-y divide-border">
                {session.memberships.map((m) => (
                  <li key={m.deptId} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                    <span className="text-[15px] font-medium text-ink">
                      <UserText>{m.deptName}</UserText>
                    </span>
                    <span className="flex gap-1.5">
                      {m.deptId === session.currentDeptId && <Badge tone="primary">{t.current}</Badge>}
                      <Badge>{roleLabels[m.role]}</Badge>
                      {!m.isActive && <Badge tone="warning">{t.inactive}</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      </div>

      <Card title={t.myData.title}>
        <p className="mb-4 text-[15px] text-muted-fg">{t.myData.body}</p>
        <a href={myDataUrl} download="mine-data.json" className={buttonClass("outline")}>
          <Download aria-hidden />
          {t.myData.download}
        </a>
      </Card>

      {below}

      <section className="rounded-xl border border-border bg-secondary/60 p-5">
        <h2 className="mb-2 flex items-center gap-2 text-base font-semibold text-ink">
          <Lightbulb aria-hidden className="size-4 text-warning" />
          {t.tipsTitle}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-[15px] text-ink">
          {t.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
