import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ui } from "../../../../common/texts/index.ts";
import { MessageText } from "./MessageText.tsx";

describe("MessageText", () => {
  it("shows a link whose text reverses its end without the override, and warns in its title", () => {
    render(<MessageText text={"Ny turnus: https://intranett.no/\u202Egnp.exe i dag"} />);
    const link = screen.getByRole("link");
    expect(link.textContent).toBe("https://intranett.no/gnp.exe");
    expect(link.getAttribute("title")).toBe(ui.chat.hiddenDirectionLink);
    expect(link.getAttribute("dir")).toBe("ltr");
    expect(link.getAttribute("href")).toBe("https://intranett.no/%E2%80%AEgnp.exe");
  });

  it("keeps a control in the text around links, isolated so it reorders nothing after it", () => {
    const { container } = render(
      <MessageText text={"\u202Eabc https://x.no/a"}>
        <span>(redigert)</span>
      </MessageText>,
    );
    expect(container.querySelector("bdi")?.textContent).toBe("\u202Eabc ");
    expect(screen.getByRole("link").textContent).toBe("https://x.no/a");
    expect(screen.getByRole("link").hasAttribute("title")).toBe(false);
  });

  it("leaves text and links without controls as they were", () => {
    const { container } = render(<MessageText text="Se https://helsenorge.no." />);
    expect(container.querySelector("p")?.innerHTML).not.toContain("bdi");
    expect(container.textContent).toBe("Se https://helsenorge.no.");
  });
});
