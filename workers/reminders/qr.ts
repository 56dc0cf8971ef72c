/**
 * The member's check-in QR as a PNG the e-mail carries as an inline part (`cid:`), so the door
 * scans it from the phone without a connection, in every mail client (Gmail's web client shows no
 * `data:` images). The same value the detail page's QR carries (app/domain/checkin.ts:
 * `{uuid}.{code}`), drawn by lean-qr, which the page uses too.
 */
import { generate } from "lean-qr";
import { toPngBuffer } from "lean-qr/extras/node_export";

/** The Content-ID the reminder's HTML names the QR's part by. */
export const CHECKIN_QR_CONTENT_ID = "checkin-qr";

/** 6 pixels a module and the standard quiet zone of 4 modules: about 200 px for a check-in value, sharp on any screen. */
export function qrPng(value: string): Uint8Array {
  return new Uint8Array(toPngBuffer(generate(value), { on: [0, 0, 0], off: [255, 255, 255], pad: 4, scale: 6 }));
}
