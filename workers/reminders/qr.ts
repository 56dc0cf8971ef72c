/**
 * The member's check-in QR as a PNG the e-mail carries inside itself (a data: image), so the door
 * scans it from the phone without a connection. The same value the detail page's QR carries
 * (app/domain/checkin.ts: `{uuid}.{code}`), drawn by lean-qr, which the page uses too.
 */
import { generate } from "lean-qr";
import { toPngDataURL } from "lean-qr/extras/node_export";

/** 6 pixels a module and the standard quiet zone of 4 modules: about 200 px for a check-in value, sharp on any screen. */
export function qrPngDataUrl(value: string): string {
  return toPngDataURL(generate(value), { on: [0, 0, 0], off: [255, 255, 255], pad: 4, scale: 6 });
}
