/**
 * The avatar crop's rules (SPEC.md sections 4 and 9): a zoom slider from 0 to 100, a rotation,
 * and a 360 by 360 PNG named avatar.png as the result. Pure, so the editor and its tests share it.
 */
export const AVATAR_SIZE = 360;
export const AVATAR_FILENAME = "avatar.png";
/** The cropper's own zoom factor at slider 0 and 100. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The zoom factor of a slider position (0 to 100). */
export const zoomOfSlider = (slider: number) => ZOOM_MIN + (clamp(slider, 0, 100) / 100) * (ZOOM_MAX - ZOOM_MIN);

/** The slider position (0 to 100) of a zoom factor, rounded. */
export const sliderOfZoom = (zoom: number) => Math.round(((clamp(zoom, ZOOM_MIN, ZOOM_MAX) - ZOOM_MIN) / (ZOOM_MAX - ZOOM_MIN)) * 100);

/** A rotation in degrees brought into -180..180, after turning by `step`. */
export function turned(rotation: number, step: number) {
  const next = (((rotation + step) % 360) + 360) % 360;
  return next > 180 ? next - 360 : next;
}

/** The size of the box a width × height image fills once rotated by `degrees`. */
export function rotatedBounds(width: number, height: number, degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: Math.round(width * cos + height * sin), height: Math.round(width * sin + height * cos) };
}
