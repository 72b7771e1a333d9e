import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { fakeUploads } from "../test/uploads.ts";
import { uploadWithProgress } from "./upload.ts";

const schema = z.object({ avatarUrl: z.string().nullable() });
const file = new File(["x"], "bilde.png", { type: "image/png" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("uploading a file with its progress", () => {
  it("sends the file as the multipart field `file`, reports the share sent and reads the answer", async () => {
    const sent = fakeUploads();
    const progress: number[] = [];
    const done = uploadWithProgress({
      method: "PUT",
      path: "/api/users/u1/avatar",
      file,
      schema,
      onProgress: (p) => progress.push(p),
    });
    const [upload] = sent;
    expect([upload?.method, upload?.url, upload?.file.name]).toEqual([
      "PUT",
      "/api/users/u1/avatar",
      "bilde.png",
    ]);
    upload?.progress(40);
    upload?.progress(130);
    upload?.respond(200, { avatarUrl: "/a.png" });
    await expect(done).resolves.toEqual({ avatarUrl: "/a.png" });
    expect(progress).toEqual([40, 100]);
  });

  it("turns a refusal into the server's code and message, an answer it cannot read into an error", async () => {
    const sent = fakeUploads();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const options = { method: "POST", path: "/x", file, schema, onProgress: () => {} } as const;
    const refused = uploadWithProgress(options);
    sent[0]?.respond(413, { error: { code: "file_too_large", message: "Filen er for stor" } });
    await expect(refused).rejects.toMatchObject({
      code: "file_too_large",
      message: "Filen er for stor",
      status: 413,
    });
    const garbled = uploadWithProgress(options);
    sent[1]?.respond(200, { nope: true });
    await expect(garbled).rejects.toMatchObject({ code: "bad_response", status: 200 });
  });

  it("stops when its signal aborts", async () => {
    const sent = fakeUploads();
    const controller = new AbortController();
    const done = uploadWithProgress({
      method: "POST",
      path: "/x",
      file,
      schema,
      onProgress: () => {},
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: "AbortError" });
    expect(sent[0]?.aborted).toBe(true);
  });
});
