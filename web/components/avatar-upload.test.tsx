import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api.ts";
import { AvatarUpload } from "./avatar-upload.tsx";
import { Toaster } from "./ui/toaster.tsx";

const picture = (bytes = 1024, type = "image/png") => new File([new Uint8Array(bytes)], "meg.png", { type });

function setup(upload = vi.fn(async () => {}), remove = vi.fn(async () => {})) {
  render(
    <>
      <Toaster />
      <AvatarUpload name="Kari Nordmann" src={null} upload={upload} remove={remove} />
    </>,
  );
  // The browser's picker would hide other files; the checks here must catch them anyway.
  return {
    upload,
    remove,
    user: userEvent.setup({ applyAccept: false }),
    input: screen.getByLabelText("Last opp bilde"),
  };
}

describe("AvatarUpload", () => {
  it("uploads a picture and says so", async () => {
    const { upload, user, input } = setup();
    await user.upload(input, picture());
    expect(await screen.findByText("Avatar oppdatert")).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(expect.any(File), expect.any(Function));
  });

  it("refuses what is not a picture, and more than 5MB, before sending", async () => {
    const { upload, user, input } = setup();
    await user.upload(input, new File(["tekst"], "notat.txt", { type: "text/plain" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Filen må være et bilde");
    await user.upload(input, picture(5 * 1024 * 1024 + 1));
    expect(await screen.findByRole("alert")).toHaveTextContent("Bildet kan ikke være større enn 5MB");
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    const refused = vi.fn(async () => {
      throw new ApiError("avatar_not_image", "Filen må være et bilde", 422);
    });
    const { user, input } = setup(refused);
    await user.upload(input, picture());
    expect(await screen.findByText("Feil ved opplasting")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Filen må være et bilde");
  });
});
