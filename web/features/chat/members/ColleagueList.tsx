/**
 * The colleague pickers' common part ('Velg kollega', 'Add members'): a department's
 * active staff with a name search, and the loading, error and empty states. Each
 * picker draws its own rows (a button, a checkbox).
 */
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useState } from "react";
import type { Colleague } from "../../../../common/schemas/departments.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { colleaguesQuery } from "../api/members.ts";

const t = ui.chatLists.colleagues;

const fold = (text: string) => text.toLocaleLowerCase("nb").trim();

/** Every word typed is the start of one of the name's words, in any order: 'kar nor' finds Kari Nordmann. */
function matchesName(name: string, query: string): boolean {
  const words = fold(name).split(/\s+/);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((typed) => words.some((word) => word.startsWith(typed)));
}

export function ColleagueList({
  deptId,
  hide,
  onEnter,
  renderRow,
}: {
  deptId: string;
  /** people not offered at all (oneself) */
  hide?: string;
  /** Enter in the search field, with the colleagues it finds */
  onEnter?: (found: readonly Colleague[]) => void;
  renderRow: (colleague: Colleague) => ReactNode;
}) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const colleagues = useQuery(colleaguesQuery(deptId));
  const offered = (colleagues.data?.staff ?? []).filter((c) => c.userId !== hide);
  const found = offered.filter((c) => matchesName(c.fullName, deferred));

  let body: ReactNode;
  if (colleagues.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  } else if (colleagues.isError) {
    body = (
      <div className="flex items-center gap-3">
        <FormAlert message={t.failed} className="flex-1" />
        <Button variant="outline" onClick={() => colleagues.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  } else if (offered.length === 0) {
    body = <p className="py-4 text-center text-sm text-muted-fg">{t.none}</p>;
  } else if (found.length === 0) {
    body = (
      <p role="status" className="py-4 text-center text-sm text-muted-fg">
        {t.noMatch(deferred.trim())}
      </p>
    );
  } else {
    body = (
      <ul className="-mx-2 flex max-h-[min(22rem,50dvh)] flex-col overflow-y-auto px-2 py-1">
        {found.map((c) => (
          <li key={c.userId}>{renderRow(c)}</li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Label htmlFor={searchId} className="sr-only">
          {t.search}
        </Label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-fg"
        />
        <Input
          id={searchId}
          type="search"
          autoComplete="off"
          placeholder={t.searchPlaceholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter" || !onEnter) return;
            e.preventDefault();
            onEnter(offered.filter((c) => matchesName(c.fullName, query)));
          }}
          className="pl-9"
        />
      </div>
      {body}
    </div>
  );
}
