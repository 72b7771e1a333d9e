/** The search's filters as the screen holds them, and as the API takes them. */
import { formatNorwegianDate } from "../../../common/domain/norwegian-date.ts";
import type { OsloDate } from "../../../common/domain/oslo-time.ts";
import type { SearchQuery } from "../../../common/schemas/search.ts";
import { ui } from "../../../common/texts/index.ts";

const t = ui.search.filters;

export interface SearchFilters {
  /** 'Fra': a colleague, with the name the chip says */
  from: { userId: string; name: string } | null;
  /** 'I': a thread, with the name the chip says */
  thread: { id: string; name: string } | null;
  /** 'Etter' and 'Før', once the field holding one is left (or its calendar picked a day) */
  after: OsloDate | null;
  before: OsloDate | null;
  hasFile: boolean;
}

export const noFilters: SearchFilters = {
  from: null,
  thread: null,
  after: null,
  before: null,
  hasFile: false,
};

/** The query GET /api/search takes: the words and the filters set. */
export function toQuery(q: string, f: SearchFilters): SearchQuery {
  const { after, before } = f;
  return {
    q: q.trim(),
    ...(f.from && { from: f.from.userId }),
    ...(f.thread && { thread: f.thread.id }),
    ...(after && { after }),
    ...(before && { before }),
    ...(f.hasFile && { hasFile: "true" }),
  };
}

export interface Chip {
  id: keyof SearchFilters;
  /** 'Fra: Ola Nordmann' */
  text: string;
  /** the filter without this one */
  without: (f: SearchFilters) => SearchFilters;
}

/** The filters that are set, as removable chips, in the panel's order. */
export function chipsOf(f: SearchFilters): Chip[] {
  const chips: Chip[] = [];
  const { after, before } = f;
  if (f.from)
    chips.push({ id: "from", text: t.chip(t.from, f.from.name), without: (x) => ({ ...x, from: null }) });
  if (f.thread)
    chips.push({ id: "thread", text: t.chip(t.in, f.thread.name), without: (x) => ({ ...x, thread: null }) });
  if (after)
    chips.push({
      id: "after",
      text: t.chip(t.after, formatNorwegianDate(after)),
      without: (x) => ({ ...x, after: null }),
    });
  if (before)
    chips.push({
      id: "before",
      text: t.chip(t.before, formatNorwegianDate(before)),
      without: (x) => ({ ...x, before: null }),
    });
  if (f.hasFile) chips.push({ id: "hasFile", text: t.hasFile, without: (x) => ({ ...x, hasFile: false }) });
  return chips;
}
