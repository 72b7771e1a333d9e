import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Inbox, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import type { z } from "zod";
import type { mail } from "../../../common/schemas/dev.ts";
import { ui } from "../../../common/texts/index.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatDateTime, formatRelative } from "../../lib/dates.ts";
import { paths } from "../../lib/paths.ts";
import { mailboxQuery } from "./api/mailbox.ts";

const t = ui.dev;
const urlPattern = /(https?:\/\/[^\s<>"')\]]+)/g;

/** The mail's text with every URL as a link (the magic and confirmation links above all). */
function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <pre className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={i} href={part} className="font-medium text-primary underline underline-offset-2 break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

function MailCard({ item }: { item: z.infer<typeof mail> }) {
  return (
    <article className="rounded-xl border border-border bg-white p-5 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold text-ink">{item.subject}</h2>
        <time
          dateTime={item.createdAt}
          title={formatDateTime(item.createdAt)}
          className="text-sm text-muted-fg"
        >
          {formatDateTime(item.createdAt)} · {formatRelative(item.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-muted-fg">
        {t.to}: <span className="text-ink">{item.to}</span>
        {!item.sentAt && <span> · {t.notSent}</span>}
      </p>
      <div className="mt-4 rounded-lg bg-muted p-4">
        <LinkifiedText text={item.text} />
      </div>
    </article>
  );
}

/** /dev/mailbox (staging only): the mails the app sent, newest first, with clickable links. */
export function MailboxPage() {
  const mails = useQuery(mailboxQuery());

  return (
    <div className="min-h-dvh bg-muted">
      <header className="bg-primary text-primary-fg">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <BrandLogo />
          <Link
            to={paths.home}
            className="flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-white/10"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {t.backToApp}
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-ink">{t.mailboxTitle}</h1>
            <p className="mt-1 text-[15px] text-muted-fg">{t.mailboxSubtitle}</p>
          </div>
          <Button variant="outline" onClick={() => mails.refetch()} disabled={mails.isFetching}>
            <RefreshCw aria-hidden className={mails.isFetching ? "animate-spin" : undefined} />
            {ui.common.refresh}
          </Button>
        </div>
        {mails.isPending && [0, 1, 2].map((n) => <Skeleton key={n} className="h-40" />)}
        {mails.isError && <FormAlert message={t.loadFailed} />}
        {mails.data?.length === 0 && (
          <EmptyState icon={Inbox} title={t.empty}>
            {t.emptyHint}
          </EmptyState>
        )}
        {mails.data?.map((item) => (
          <MailCard key={item.id} item={item} />
        ))}
      </main>
    </div>
  );
}
