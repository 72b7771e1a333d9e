/**
 * Files for upload tests, made here rather than kept as binaries: a phone photo with
 * GPS and camera EXIF, Office documents and plain zips, each exactly as large as asked.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";

/** A zip with stored (uncompressed) entries, written byte by byte. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}.main+xml"/></Types>`;

/** A minimal Word or Excel document: the zip entries file-type recognises them by. */
export const officeZip = (kind: "docx" | "xlsx") =>
  kind === "docx"
    ? zip({
        "[Content_Types].xml": contentTypes(
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ),
        "word/document.xml": "<w:document/>",
      })
    : zip({
        "[Content_Types].xml": contentTypes(
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
        "xl/workbook.xml": "<workbook/>",
      });

/** A 40 × 20 photo as a phone makes it: GPS position, camera details, rotated 90° by the Orientation tag, XMP, a P3 profile. */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#c0392b" } })
    .withExif({
      IFD0: { Make: "Telefon", Model: "Modell 15", Copyright: "Kari Nordmann" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "59/1 54/1 3000/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "10/1 45/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withIccProfile("p3")
    .jpeg()
    .toBuffer();
}

/** A plain picture of the given size. */
export const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#1f3a5b" } })
    .png()
    .toBuffer();

/** A multipart body with one file in the field "file", as a browser's FormData sends it. */
export function multipartFile(name: string, data: Buffer, type = "application/octet-stream") {
  const boundary = `----vaktrom${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Multipart bodies no browser sends: cut off before the closing boundary, garbage under
 * a multipart type, a multipart type without a boundary, and a form with a text field
 * but no file. Each is the client's mistake, answered 400 with the code beside it.
 */
export const brokenForms = [
  ["truncated", "upload_malformed"],
  ["garbage", "upload_malformed"],
  ["noBoundary", "upload_malformed"],
  ["fieldOnly", "upload_missing"],
] as const;

/** One of those bodies, with the headers it claims. */
export function brokenMultipart(kind: (typeof brokenForms)[number][0], data: Buffer = Buffer.from("hei")) {
  const boundary = `----vaktrom${randomUUID()}`;
  const headers = { "content-type": `multipart/form-data; boundary=${boundary}` };
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bilde.png"\r\nContent-Type: image/png\r\n\r\n`;
  switch (kind) {
    case "truncated":
      return { payload: Buffer.concat([Buffer.from(head), data]), headers };
    case "garbage":
      return { payload: Buffer.from("dette er ikke et skjema\r\n".repeat(100)), headers };
    case "noBoundary":
      return {
        payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { "content-type": "multipart/form-data" },
      };
    case "fieldOnly":
      return {
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nhei\r\n--${boundary}--\r\n`,
        ),
        headers,
      };
  }
}

/**
 * A one-page PDF as a generator writes it: header, objects, a cross-reference table whose
 * offsets are right, trailer, `startxref` and `%%EOF`. `padding` adds a stream of that
 * many random bytes (as compressed content is; for files of a given size); `xrefStream` ends it with a cross-reference
 * stream (PDF 1.5) in place of the table.
 */
export function pdf({ padding = 0, xrefStream = false }: { padding?: number; xrefStream?: boolean } = {}) {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ].map((body) => Buffer.from(body));
  if (padding > 0)
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${padding} >>\nstream\n`),
        randomBytes(padding),
        Buffer.from("\nendstream"),
      ]),
    );
  const parts = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(obj);
    offset += obj.length;
  });
  const size = objects.length + 1;
  const xref = xrefStream
    ? `${size} 0 obj\n<< /Type /XRef /Size ${size + 1} /W [1 4 2] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\n`
    : `xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${size} /Root 1 0 R >>\n`;
  parts.push(Buffer.from(`${xref}startxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}
