/**
 * The avatar editor's output, drawn in the browser: the crop react-easy-crop reports (in pixels of
 * the rotated picture) cut from the rotated picture onto a 360 by 360 canvas, as a PNG. Drawing on
 * a canvas also leaves every metadata of the original file behind.
 */
import { AVATAR_SIZE, rotatedBounds } from "~/domain/avatar-crop";

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener("load", () => resolve(image));
    image.addEventListener("error", () => reject(new Error("The picture cannot be read.")));
    image.src = src;
  });
}

export async function croppedAvatar(src: string, area: PixelArea, rotation: number): Promise<Blob> {
  const image = await loadImage(src);
  const bounds = rotatedBounds(image.naturalWidth, image.naturalHeight, rotation);
  const rotated = document.createElement("canvas");
  rotated.width = bounds.width;
  rotated.height = bounds.height;
  const turn = rotated.getContext("2d");
  if (!turn) throw new Error("No canvas.");
  turn.translate(bounds.width / 2, bounds.height / 2);
  turn.rotate((rotation * Math.PI) / 180);
  turn.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
  turn.drawImage(image, 0, 0);
  const out = document.createElement("canvas");
  out.width = AVATAR_SIZE;
  out.height = AVATAR_SIZE;
  const draw = out.getContext("2d");
  if (!draw) throw new Error("No canvas.");
  draw.imageSmoothingQuality = "high";
  draw.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) => out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("No picture."))), "image/png"));
}
