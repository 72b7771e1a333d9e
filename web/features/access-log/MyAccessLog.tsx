/**
 * 'Hvem har sett eller endret mine opplysninger' on 'Min Profil': each time an admin or
 * leader opened, changed or signed in as me, newest first, with their name (knowing who
 * looked is the point) and what they did in words.
 */
import { ui } from "../../../common/texts/index.ts";
import { useMyAccessLog } from "./api/access-log.ts";
import { EntryCells, PagedLog } from "./PagedLog.tsx";

const t = ui.accessLog;

export function MyAccessLog() {
  const log = useMyAccessLog();
  return (
    <section
      aria-labelledby="my-access-log"
      className="rounded-xl border border-border bg-white p-5 shadow-xs"
    >
      <h2 id="my-access-log" className="mb-1 text-base font-semibold text-ink">
        {t.mine.title}
      </h2>
      <p className="mb-4 text-[15px] text-muted-fg">{t.mine.intro}</p>
      <PagedLog
        query={log}
        caption={t.mine.caption}
        columns={[t.columns.at, t.columns.actor, t.columns.action]}
        empty={t.mine.empty}
        row={(entry) => (
          <tr key={entry.id}>
            <EntryCells entry={entry} />
          </tr>
        )}
      />
    </section>
  );
}
