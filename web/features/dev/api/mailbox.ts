import { queryOptions } from "@tanstack/react-query";
import { mailbox } from "../../../../common/schemas/dev.ts";
import { apiFetch } from "../../../lib/api.ts";

/** The dev mailbox (staging only): what the app sent, newest first; always read afresh. */
export const mailboxQuery = () =>
  queryOptions({
    queryKey: ["dev", "mailbox"],
    queryFn: () => apiFetch("/api/dev/mailbox", { schema: mailbox }),
    staleTime: 0,
  });
