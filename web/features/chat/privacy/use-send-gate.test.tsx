import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type RefObject, useRef, useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigProvider } from "../../../lib/config.tsx";
import { createQueryClient } from "../../../lib/query.ts";
import { baseHandlers, mockApi } from "../../../test/app.tsx";
import { drafts, idNumber } from "./texts.test-support.ts";
import { type SendGate, usePrivacySendGate, useSendGate } from "./use-send-gate.tsx";

type Field = RefObject<HTMLTextAreaElement | null>;

/** A field and a send button wired as the composer wires them; `useGate` is the gate under test. */
function Draft({
  useGate,
  initial,
  onSend,
}: {
  useGate: (field: Field) => SendGate;
  initial: string;
  onSend: (text: string) => void;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const { dialog, guard } = useGate(field);
  return (
    <>
      <textarea ref={field} aria-label="Melding" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => guard(text, () => onSend(text))}>
        Send
      </button>
      {dialog}
    </>
  );
}

const choices: string[] = [];
const record = (choice: string) => choices.push(choice);
const useHighGate = (fieldRef: Field) => useSendGate({ asksFrom: "high", fieldRef, onChoice: record });
const useMediumGate = (fieldRef: Field) => useSendGate({ asksFrom: "medium", fieldRef, onChoice: record });
const Gated = ({
  asksFrom = "high",
  ...props
}: {
  asksFrom?: "high" | "medium";
  initial: string;
  onSend: (text: string) => void;
}) => <Draft useGate={asksFrom === "high" ? useHighGate : useMediumGate} {...props} />;

const sendButton = () => screen.getByRole("button", { name: "Send" });

describe("useSendGate", () => {
  beforeEach(() => {
    choices.length = 0;
  });

  it("sends a medium or low draft at once when only high asks", async () => {
    const onSend = vi.fn();
    const { unmount } = render(<Gated initial={drafts.medium} onSend={onSend} />);
    await userEvent.click(sendButton());
    unmount();
    render(<Gated initial={drafts.low} onSend={onSend} />);
    await userEvent.click(sendButton());
    expect(onSend.mock.calls).toEqual([[drafts.medium], [drafts.low]]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(choices).toEqual([]);
  });

  it("asks first for a high draft: 'Rediger' sends nothing, keeps the text and returns to the field", async () => {
    const onSend = vi.fn();
    render(<Gated initial={drafts.high} onSend={onSend} />);
    await userEvent.click(sendButton());

    const dialog = await screen.findByRole("alertdialog", { name: "Mulige personopplysninger" });
    expect(dialog).toHaveTextContent("Meldingen ser ut til å inneholde fødselsnummer.");
    // The safe choice has the focus, so an Enter out of habit does not send.
    expect(screen.getByRole("button", { name: "Rediger" })).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Rediger" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onSend).not.toHaveBeenCalled();
    const field = screen.getByRole("textbox", { name: "Melding" });
    expect(field).toHaveFocus();
    expect(field).toHaveValue(drafts.high);
    expect(choices).toEqual(["edit"]);
  });

  it("counts Escape as 'Rediger'", async () => {
    const onSend = vi.fn();
    render(<Gated initial={drafts.high} onSend={onSend} />);
    await userEvent.click(sendButton());
    await screen.findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onSend).not.toHaveBeenCalled();
    expect(choices).toEqual(["edit"]);
  });

  it("sends on 'Send likevel', once, and counts that choice alone", async () => {
    const onSend = vi.fn();
    render(<Gated initial={drafts.high} onSend={onSend} />);
    await userEvent.click(sendButton());
    await userEvent.click(await screen.findByRole("button", { name: "Send likevel" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith(drafts.high);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(choices).toEqual(["send_anyway"]);
  });

  it("asks for a medium draft too when medium asks, never for a low one", async () => {
    const onSend = vi.fn();
    const { unmount } = render(<Gated asksFrom="medium" initial={drafts.low} onSend={onSend} />);
    await userEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith(drafts.low);
    unmount();
    render(<Gated asksFrom="medium" initial={drafts.medium} onSend={onSend} />);
    await userEvent.click(sendButton());
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("e-postadresse");
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("names every kind found, the serious ones first", async () => {
    render(<Gated initial={`${drafts.medium}, ${drafts.high}`} onSend={vi.fn()} />);
    await userEvent.click(sendButton());
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Meldingen ser ut til å inneholde fødselsnummer og e-postadresse.",
    );
  });
});

describe("usePrivacySendGate", () => {
  const renderGate = (features: { chatModerationBlocking: boolean }, initial: string) => {
    const calls = mockApi({
      ...baseHandlers(null, features),
      "POST /api/chat/privacy-choices": { status: 204, body: null },
    });
    const onSend = vi.fn();
    const view = render(
      <QueryClientProvider client={createQueryClient()}>
        <ConfigProvider>
          <Draft useGate={usePrivacySendGate} initial={initial} onSend={onSend} />
        </ConfigProvider>
      </QueryClientProvider>,
    );
    return { calls, onSend, ...view };
  };
  const counted = (calls: ReturnType<typeof mockApi>) =>
    calls.filter((c) => c.path === "/api/chat/privacy-choices").map((c) => c.body);

  it("holds a high draft whatever the brand says, and sends the count without the text", async () => {
    for (const on of [false, true]) {
      const { calls, onSend, unmount } = renderGate({ chatModerationBlocking: on }, drafts.high);
      await userEvent.click(await screen.findByRole("button", { name: "Send" }));
      await userEvent.click(await screen.findByRole("button", { name: "Send likevel" }));
      expect(onSend).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(counted(calls)).toEqual([{ choice: "send_anyway" }]));
      expect(JSON.stringify(calls.map((c) => c.body))).not.toContain(idNumber);
      unmount();
    }
  });

  it("holds a medium draft only when the brand turns chatModerationBlocking on", async () => {
    for (const on of [false, true]) {
      const { calls, onSend, unmount } = renderGate({ chatModerationBlocking: on }, drafts.medium);
      await userEvent.click(await screen.findByRole("button", { name: "Send" }));
      if (on) {
        await userEvent.click(await screen.findByRole("button", { name: "Rediger" }));
        expect(onSend).not.toHaveBeenCalled();
        await waitFor(() => expect(counted(calls)).toEqual([{ choice: "edit" }]));
      } else {
        expect(onSend).toHaveBeenCalledTimes(1);
        expect(counted(calls)).toEqual([]);
      }
      unmount();
    }
  });
});
