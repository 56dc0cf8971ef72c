/**
 * Demo uploads (issue 11): files members sent to Acme's urban garden that wait for the organiser
 * in /manage/uploads. The rows go into the demo SQL (buildDemoFilesSql); the files themselves are
 * put into the local R2 bucket by scripts/seed.mjs (`wrangler r2 object put`). The files are made
 * here, not shipped: a small PNG (a green gradient) and a one-page PDF.
 */
import { deflateSync } from "node:zlib";
import { insertOrIgnore, startOfTodayUtc } from "./seed-data.mjs";

const ORG = "org-acme";
const INITIATIVE = "ini-acme-urban-garden";
const HOUR = 3_600_000;

/** CRC-32 of PNG chunks (the polynomial of the PNG specification). */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A width x height RGB PNG, green fading to light green from left to right. */
export function gradientPng(width = 240, height = 160) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([40 + Math.round((x / width) * 120), 120 + Math.round((y / height) * 80), 60], 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

/** A one-page PDF saying `text`, with a correct cross-reference table. */
export function onePagePdf(text) {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** The demo uploads: their rows and how to make each file. */
export const DEMO_FILES = [
  {
    id: "att-acme-urban-garden-carlos-photo",
    member_id: "member-acme-carlos",
    kind: "image",
    filename: "seedlings.png",
    mimetype: "image/png",
    make: () => gradientPng(),
    hoursAgo: 20,
  },
  {
    id: "att-acme-urban-garden-marta-sheet",
    member_id: "member-acme-member",
    kind: "document",
    filename: "watering-rota.pdf",
    mimetype: "application/pdf",
    make: () => onePagePdf("Urban garden: watering rota for December"),
    hoursAgo: 6,
  },
].map((file) => ({ ...file, key: `${ORG}/${INITIATIVE}/${file.kind}/${file.id}` }));

export function buildDemoFilesSql({ now = Date.now() } = {}) {
  const today = startOfTodayUtc(now);
  const lines = ["", "-- Uploads waiting for the organiser (scripts/seed-files.mjs)"];
  for (const file of DEMO_FILES) {
    lines.push(
      insertOrIgnore("attachments", {
        id: file.id,
        org_id: ORG,
        initiative_id: INITIATIVE,
        member_id: file.member_id,
        kind: file.kind,
        filename: file.filename,
        mimetype: file.mimetype,
        size: file.make().length,
        r2_key: file.key,
        status: "pending",
        created_at: Math.min(today, now) - file.hoursAgo * HOUR,
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}
