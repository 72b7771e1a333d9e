import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type RefObject, useRef, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfigProvider } from "../../../lib/config.tsx";
import { createQueryClient } from "../../../lib/query.ts";
import { baseHandlers, mockApi } from "../../../test/app.tsx";
import { drafts } from "./texts.test-support.ts";
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

const useGateOn = (fieldRef: Field) => useSendGate({ enabled: true, fieldRef });
const useGateOff = (fieldRef: Field) => useSendGate({ enabled: false, fieldRef });
const Gated = ({
  enabled,
  ...props
}: {
  enabled: boolean;
  initial: string;
  onSend: (text: string) => void;
}) => <Draft useGate={enabled ? useGateOn : useGateOff} {...props} />;

const sendButton = () => screen.getByRole("button", { name: "Send" });

describe("useSendGate", () => {
  it("sends at once with the flag off, even a high-confidence draft", async () => {
    const onSend = vi.fn();
    render(<Gated enabled={false} initial={drafts.high} onSend={onSend} />);
    await userEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith(drafts.high);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("sends a medium or low draft at once with the flag on", async () => {
    const onSend = vi.fn();
    const { unmount } = render(<Gated enabled initial={drafts.medium} onSend={onSend} />);
    await userEvent.click(sendButton());
    unmount();
    render(<Gated enabled initial={drafts.low} onSend={onSend} />);
    await userEvent.click(sendButton());
    expect(onSend.mock.calls).toEqual([[drafts.medium], [drafts.low]]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks first with the flag on and a high draft: 'Rediger' sends nothing and returns to the field", async () => {
    const onSend = vi.fn();
    render(<Gated enabled initial={drafts.high} onSend={onSend} />);
    await userEvent.click(sendButton());

    const dialog = await screen.findByRole("alertdialog", { name: "Mulige personopplysninger" });
    expect(dialog).toHaveTextContent("Meldingen ser ut til å inneholde fødselsnummer.");
    // The safe choice has the focus, so an Enter out of habit does not send.
    expect(screen.getByRole("button", { name: "Rediger" })).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Rediger" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Melding" })).toHaveFocus();
  });

  it("sends on 'Send likevel'", async () => {
    const onSend = vi.fn();
    render(<Gated enabled initial={drafts.high} onSend={onSend} />);
    await userEvent.click(sendButton());
    await userEvent.click(await screen.findByRole("button", { name: "Send likevel" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith(drafts.high);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("names every kind found, the serious ones first", async () => {
    render(<Gated enabled initial={`${drafts.medium}, ${drafts.high}`} onSend={vi.fn()} />);
    await userEvent.click(sendButton());
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Meldingen ser ut til å inneholde fødselsnummer og e-postadresse.",
    );
  });
});

describe("usePrivacySendGate", () => {
  it("asks only when the brand turns chatModerationBlocking on", async () => {
    for (const on of [false, true]) {
      mockApi(baseHandlers(null, { chatModerationBlocking: on }));
      const onSend = vi.fn();
      const { unmount } = render(
        <QueryClientProvider client={createQueryClient()}>
          <ConfigProvider>
            <Draft useGate={usePrivacySendGate} initial={drafts.high} onSend={onSend} />
          </ConfigProvider>
        </QueryClientProvider>,
      );
      await userEvent.click(await screen.findByRole("button", { name: "Send" }));
      if (on) expect(await screen.findByRole("alertdialog")).toBeInTheDocument();
      else expect(onSend).toHaveBeenCalledTimes(1);
      unmount();
    }
  });
});
