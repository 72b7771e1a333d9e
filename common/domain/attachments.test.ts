import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attachmentRefusalMessage } from "../texts/errors/attachments.ts";
import { errorMessage } from "../texts/errors.ts";
import {
  attachmentKindInfo,
  attachmentKinds,
  chatUploadMaxBytes,
  chatUploadMaxMB,
  clientCheck,
  fileExtension,
  isImageKind,
  kindFromExtension,
  nameForKind,
  safeFileName,
  signedUrlRefreshMarginSeconds,
  signedUrlTtlSeconds,
  uploadImageUnreadable,
  uploadTooLarge,
  uploadTypeNotAllowed,
} from "./attachments.ts";

const MB = 1024 * 1024;

describe("kinds", () => {
  it("are exactly the eight the issue allows", () => {
    expect([...attachmentKinds].sort()).toEqual([
      "docx",
      "heic",
      "jpeg",
      "pdf",
      "png",
      "txt",
      "webp",
      "xlsx",
    ]);
  });

  it("show JPEG, PNG and WebP inline; HEIC and documents are file cards", () => {
    expect(attachmentKinds.filter(isImageKind)).toEqual(["jpeg", "png", "webp"]);
  });

  it("know their MIME types and extensions", () => {
    expect(attachmentKindInfo.jpeg).toEqual({ mime: "image/jpeg", extensions: ["jpg", "jpeg"] });
    expect(kindFromExtension("Rapport.DOCX")).toBe("docx");
    expect(kindFromExtension("bilde.heif")).toBe("heic");
    expect(kindFromExtension("tegning.svg")).toBeNull();
    expect(kindFromExtension("README")).toBeNull();
  });

  it("signed URLs last 600 s and are refreshed 60 s before", () => {
    expect(signedUrlTtlSeconds).toBe(600);
    expect(signedUrlRefreshMarginSeconds).toBe(60);
  });
});

describe("chatUploadMaxBytes", () => {
  it("is 10 MB, or the brand's cap when that is lower", () => {
    expect(chatUploadMaxBytes()).toBe(10 * MB);
    expect(chatUploadMaxBytes(20)).toBe(10 * MB);
    expect(chatUploadMaxBytes(10)).toBe(10 * MB);
    expect(chatUploadMaxBytes(5)).toBe(5 * MB);
    expect(chatUploadMaxBytes(0.5)).toBe(MB / 2);
    expect(chatUploadMaxMB(2.5)).toBe(2.5);
  });

  it("ignores a cap that makes no sense", () => {
    for (const cap of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(chatUploadMaxBytes(cap)).toBe(10 * MB);
  });
});

describe("safeFileName", () => {
  it.each([
    ["Vaktliste (uke 12).PDF", "Vaktliste-uke-12.pdf"],
    ["Bærum sykehus – åpningstider.docx", "Baerum-sykehus-apningstider.docx"],
    ["ØRE-NESE-HALS.xlsx", "ORE-NESE-HALS.xlsx"],
    ["café résumé.txt", "cafe-resume.txt"],
    ["rapport.v2.final.pdf", "rapport.v2.final.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\fakepath\\bilde.jpg", "bilde.jpg"],
    ["..", "fil"],
    [".bashrc", "fil.bashrc"],
    [".pdf", "fil.pdf"],
    ["", "fil"],
    ["病院.png", "fil.png"],
    ["a   --  b..c", "a-b.c"],
    ["x.tar.gz", "x.tar.gz"],
    ["bilde.jpg ", "bilde.jpg"],
    ["%2e%2e%2fetc", "2e-2e-2fetc"],
    ["nul\u0000byte.txt", "nul-byte.txt"],
    ["name.with spaces in ext", "name.with-spaces-in-ext"],
    ["a.B!", "a.b"],
    ["À.À", "A.a"],
  ])("%j → %j", (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });

  it("keeps the extension when it shortens a long name to 100 characters", () => {
    const name = safeFileName(`${"a".repeat(300)}.docx`);
    expect(name).toHaveLength(100);
    expect(name.endsWith("a.docx")).toBe(true);
  });

  it("is always letters, digits, dots and hyphens, never empty, never a path, and stable", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (raw) => {
        const name = safeFileName(raw);
        expect(name).toMatch(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/);
        expect(name).not.toContain("..");
        expect(name.length).toBeLessThanOrEqual(100);
        expect(safeFileName(name)).toBe(name);
      }),
      { numRuns: 500 },
    );
  });
});

describe("fileExtension", () => {
  it("is the last extension in lower case, or nothing", () => {
    expect(fileExtension("A.B.JPG")).toBe("jpg");
    expect(fileExtension(".bashrc")).toBe("");
    expect(fileExtension("mappe.d/fil")).toBe("");
    expect(fileExtension("fil")).toBe("");
  });
});

describe("clientCheck", () => {
  const file = (name: string, size: number, type = "") => ({ name, size, type });

  it("lets allowed files within the limit through", () => {
    expect(clientCheck(file("bilde.jpg", 10 * MB, "image/jpeg"))).toBeNull();
    expect(clientCheck(file("IMG_0001.HEIC", MB))).toBeNull();
    expect(clientCheck(file("notat.txt", 0, "text/plain"))).toBeNull();
    expect(clientCheck(file("skann", MB, "application/pdf"))).toBeNull();
  });

  it("refuses a file over 10 MB with the spec's message", () => {
    const refusal = clientCheck(file("video.jpg", 10 * MB + 1, "image/jpeg"));
    expect(refusal).toEqual(uploadTooLarge("video.jpg", 10));
    expect(attachmentRefusalMessage(refusal!)).toBe('Fil "video.jpg" er for stor. Maks 10MB tillatt.');
  });

  it("names the brand's lower cap in the message", () => {
    const refusal = clientCheck(file("skann.pdf", 6 * MB, "application/pdf"), 5);
    expect(attachmentRefusalMessage(refusal!)).toBe('Fil "skann.pdf" er for stor. Maks 5MB tillatt.');
    const half = clientCheck(file("skann.pdf", MB, "application/pdf"), 0.5);
    expect(attachmentRefusalMessage(half!)).toBe('Fil "skann.pdf" er for stor. Maks 0,5MB tillatt.');
  });

  it("refuses what is not an allowed kind, by extension, with the spec's message", () => {
    const svg = clientCheck(file("logo.svg", 100, "image/svg+xml"));
    expect(svg).toEqual(uploadTypeNotAllowed("svg"));
    expect(attachmentRefusalMessage(svg!)).toBe('Filtype "svg" er ikke tillatt.');
    expect(clientCheck(file("side.HTML", 100, "text/html"))).toEqual(uploadTypeNotAllowed("html"));
    expect(clientCheck(file("setup.exe", 100, "application/x-msdownload"))).toEqual(
      uploadTypeNotAllowed("exe"),
    );
    expect(clientCheck(file("arkiv.zip", 100, "application/zip"))).toEqual(uploadTypeNotAllowed("zip"));
    expect(clientCheck(file("side", 100, "text/html"))).toEqual(uploadTypeNotAllowed("text/html"));
    expect(clientCheck(file("ukjent", 100))).toEqual(uploadTypeNotAllowed("ukjent"));
  });

  it("checks the size before the kind, as the server does", () => {
    expect(clientCheck(file("film.mov", 50 * MB))?.code).toBe("upload_too_large");
  });
});

describe("messages", () => {
  it("exist in the catalogue for every code", () => {
    expect(errorMessage("upload_too_large")).toBe("Filen er for stor.");
    expect(errorMessage("upload_type_not_allowed")).toBe("Filtypen er ikke tillatt.");
    expect(attachmentRefusalMessage(uploadImageUnreadable("x.png"))).toBe('Bildet "x.png" kunne ikke leses.');
  });
});

describe("nameForKind", () => {
  it("adds the kind's extension when the name claims another", () => {
    expect(nameForKind("bilde.png", "jpeg")).toBe("bilde.png.jpg");
    expect(nameForKind("notat", "txt")).toBe("notat.txt");
    expect(nameForKind("scan.jpeg", "jpeg")).toBe("scan.jpeg");
    expect(nameForKind("IMG.heif", "heic")).toBe("IMG.heif");
  });
});
