import { describe, expect, it } from "vitest";
import { AVATAR_FILENAME, AVATAR_SIZE, rotatedBounds, sliderOfZoom, turned, zoomOfSlider, ZOOM_MAX, ZOOM_MIN } from "../../app/domain/avatar-crop";

describe("the avatar crop's rules", () => {
  it("outputs avatar.png at 360 by 360 (SPEC.md section 9)", () => {
    expect(AVATAR_SIZE).toBe(360);
    expect(AVATAR_FILENAME).toBe("avatar.png");
  });

  it("maps the zoom slider 0 to 100 onto the cropper's zoom, both ways, clamped", () => {
    expect(zoomOfSlider(0)).toBe(ZOOM_MIN);
    expect(zoomOfSlider(100)).toBe(ZOOM_MAX);
    expect(zoomOfSlider(50)).toBe(2);
    expect(zoomOfSlider(-5)).toBe(ZOOM_MIN);
    expect(zoomOfSlider(250)).toBe(ZOOM_MAX);
    for (const slider of [0, 13, 50, 77, 100]) expect(sliderOfZoom(zoomOfSlider(slider))).toBe(slider);
  });

  it("turns within -180 to 180", () => {
    expect(turned(0, 90)).toBe(90);
    expect(turned(90, 90)).toBe(180);
    expect(turned(180, 90)).toBe(-90);
    expect(turned(-90, -90)).toBe(180);
    expect(turned(0, -90)).toBe(-90);
  });

  it("knows the box a rotated picture fills", () => {
    expect(rotatedBounds(400, 300, 0)).toEqual({ width: 400, height: 300 });
    expect(rotatedBounds(400, 300, 90)).toEqual({ width: 300, height: 400 });
    expect(rotatedBounds(100, 100, 45)).toEqual({ width: 141, height: 141 });
  });
});
