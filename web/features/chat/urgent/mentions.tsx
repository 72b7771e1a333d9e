/**
 * The composer's mentions (issue 26): after '@' a list of '@vakt', the department's duty
 * roles and its people, chosen with the arrows and Enter or Tab, closed with Escape (an
 * ARIA combobox whose popup is a listbox); and before sending, a mention of a role
 * nobody holds now asks first ('Ingen har rollen nå'). The field is a combobox while the
 * list is open and a plain text box otherwise.
 */
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useRef, useState } from "react";
import { findMentions, mentionQueryAt, vaktMention } from "../../../../common/domain/mentions.ts";
import { ui } from "../../../../common/texts/index.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { cn } from "../../../lib/cn.ts";
import { checkReach, useMentionOptions } from "../api/urgent.ts";

const t = ui.urgent;
const maxShown = 8;

interface Option {
  id: string;
  /** what goes after '@' */
  name: string;
  hint: string;
}

const fold = (s: string) => s.toLocaleLowerCase("nb");

/** Names that start with the query, or have a word that does. */
const fits = (name: string, query: string) => {
  const q = fold(query);
  const n = fold(name);
  return n.startsWith(q) || n.split(/\s+/).some((word) => word.startsWith(q));
};

export interface MentionComposer {
  /** spread on the textarea */
  fieldProps: {
    role?: "combobox";
    "aria-expanded"?: boolean;
    "aria-controls"?: string;
    "aria-autocomplete"?: "list";
    "aria-activedescendant"?: string;
  };
  /** first in the textarea's key handler: true when it handled the key */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** after each change of text or caret */
  update(text: string, caret: number): void;
  list: ReactNode;
}

export function useMentionComposer({
  threadId,
  enabled,
  text,
  setText,
  field,
}: {
  threadId: string;
  enabled: boolean;
  text: string;
  setText: (text: string) => void;
  field: RefObject<HTMLTextAreaElement | null>;
}): MentionComposer {
  const listId = useId();
  const [query, setQuery] = useState<{ start: number; query: string; caret: number } | null>(null);
  const [active, setActive] = useState(0);
  const options = useMentionOptions(threadId, enabled && query !== null);

  const all: Option[] = [
    { id: "vakt", name: vaktMention, hint: t.mentionVakt },
    ...(options.data?.roles ?? []).map((r) => ({
      id: `role-${r.id}`,
      name: r.name,
      hint: r.held ? t.mentionRole : t.mentionRoleUnheld,
    })),
    ...(options.data?.people ?? []).map((p) => ({
      id: `person-${p.userId}`,
      name: p.fullName,
      hint: t.mentionPerson,
    })),
  ];
  const shown = query ? all.filter((o) => fits(o.name, query.query)).slice(0, maxShown) : [];
  const open = enabled && query !== null && shown.length > 0;
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;

  const choose = (option: Option) => {
    if (!query) return;
    const before = text.slice(0, query.start);
    const after = text.slice(query.caret);
    const inserted = `@${option.name} `;
    setText(`${before}${inserted}${after.replace(/^ /, "")}`);
    setQuery(null);
    const caret = before.length + inserted.length;
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + shown.length) % shown.length);
      return true;
    }
    if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
      event.preventDefault();
      const option = shown[activeIndex];
      if (option) choose(option);
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      setQuery(null);
      return true;
    }
    return false;
  };

  const update = (next: string, caret: number) => {
    if (!enabled) return;
    const found = mentionQueryAt(next, caret);
    setQuery(found && { ...found, caret });
    setActive(0);
  };

  const list = open ? (
    <div
      id={listId}
      role="listbox"
      aria-label={t.mentionList}
      className="absolute right-3 bottom-full left-3 z-20 mb-1 max-h-72 overflow-y-auto rounded-lg border border-border bg-white py-1 shadow-lg md:right-auto md:left-6 md:w-96"
    >
      {shown.map((o, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea's keys choose (combobox)
        <div
          key={o.id}
          id={optionId(i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === activeIndex}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(o)}
          className={cn(
            "flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-1.5 text-sm md:min-h-9",
            i === activeIndex ? "bg-primary/10 text-ink" : "text-ink hover:bg-muted",
          )}
        >
          <span className="truncate font-medium">@{o.name}</span>
          <span className="shrink-0 text-xs text-muted-fg">{o.hint}</span>
        </div>
      ))}
    </div>
  ) : null;

  return {
    // A combobox while its list is open; otherwise the message field stays a text box
    // (a combobox would call every message field "collapsed").
    fieldProps: !enabled
      ? {}
      : open
        ? {
            role: "combobox",
            "aria-expanded": true,
            "aria-controls": listId,
            "aria-autocomplete": "list",
            "aria-activedescendant": optionId(activeIndex),
          }
        : { "aria-autocomplete": "list" },
    onKeyDown,
    update,
    list,
  };
}

/**
 * Before a message that mentions a duty role goes: when nobody holds one of its roles now,
 * 'Ingen har rollen nå' asks to send anyway or go back. Messages without a role mention
 * go at once, without asking the server.
 */
export function useRoleWarning(threadId: string, enabled: boolean, field: RefObject<HTMLElement | null>) {
  const options = useMentionOptions(threadId, enabled);
  const [unheld, setUnheld] = useState<string[] | null>(null);
  const pending = useRef<(() => void) | null>(null);

  const guard = (text: string, send: () => void) => {
    const roles = options.data?.roles ?? [];
    const mentionsRole =
      enabled && text.includes("@") && findMentions(text, { roles, people: [] }).roleIds.length > 0;
    if (!mentionsRole) return send();
    checkReach(threadId, text).then(
      (answer) => {
        if (answer.unheldRoles.length === 0) return send();
        pending.current = send;
        setUnheld(answer.unheldRoles);
      },
      // The check failing must not keep a message from going.
      () => send(),
    );
  };

  const dialog = (
    <ConfirmDialog
      open={unheld !== null}
      onOpenChange={(open) => {
        if (open) return;
        setUnheld(null);
        pending.current = null;
        field.current?.focus();
      }}
      title={t.noHolder}
      description={t.noHolderBody(unheld ?? [])}
      confirmLabel={t.sendAnyway}
      cancelLabel={t.cancel}
      onConfirm={() => {
        const send = pending.current;
        pending.current = null;
        send?.();
      }}
    />
  );
  return { guard, dialog };
}
