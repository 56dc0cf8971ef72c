/**
 * The avatar editor (SPEC.md sections 4 and 9; issue 13, point 3): choose a picture, place it in
 * the circle (drag, or the arrow keys), zoom 0 to 100 and rotate, then upload the 360 by 360 PNG
 * with its progress shown. Loaded on demand by the responsible profile (React.lazy): neither
 * react-easy-crop nor this code is in any page's first visit. Closes on success.
 */
import { RotateCcw, RotateCw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import Cropper from "react-easy-crop";
import { Button } from "~/components/ui/button";
import { Drawer } from "~/components/ui/drawer";
import { AVATAR_SIZE, sliderOfZoom, turned, zoomOfSlider } from "~/domain/avatar-crop";
import { ATTACHMENT_MAX_BYTES, uploadAccept } from "~/domain/attachments";
import { useTranslation } from "~/i18n/react";
import { croppedAvatar, type PixelArea } from "~/lib/browser/avatar-picture";
import { uploadAvatarPicture } from "~/lib/browser/avatar-upload";

export interface AvatarEditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new picture's address once it is saved. */
  onSaved: (avatar: string | null) => void;
}

/** Pictures the browser can read; what is uploaded is always the PNG drawn from them. */
const ACCEPTED = uploadAccept("image");

export default function AvatarEditor({ open, onOpenChange, onSaved }: AvatarEditorProps) {
  const { t } = useTranslation("responsible_profile");
  const ids = { file: useId(), zoom: useId(), rotation: useId(), error: useId() };
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The chosen picture lives in an object URL until the editor lets it go.
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) return setError(t("avatar_error_type"));
    if (file.size > ATTACHMENT_MAX_BYTES.image) return setError(t("avatar_error_too_large"));
    setSource(URL.createObjectURL(file));
    setZoom(1);
    setRotation(0);
    setCrop({ x: 0, y: 0 });
  }

  async function save() {
    if (!source || !area) return;
    setError(null);
    setProgress(0);
    try {
      const picture = await croppedAvatar(source, area, rotation);
      const result = await uploadAvatarPicture(picture, setProgress);
      if (result.ok) {
        onSaved(result.avatar);
        onOpenChange(false);
        return;
      }
      setError(result.field === "avatar_error_type" || result.field === "avatar_error_dimensions" ? t(result.field) : result.status === 413 ? t("avatar_error_too_large") : result.status === 429 ? t("avatar_error_quota") : t("avatar_error_upload"));
    } catch {
      setError(t("avatar_error_read"));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title={t("avatar_title")}
      description={t("avatar_description", { size: AVATAR_SIZE })}
      footer={
        <div className="flex flex-wrap items-center justify-end gap-2">
          {busy ? (
            <progress className="mr-auto h-2 w-40" max={1} value={progress} aria-label={t("avatar_uploading")}>
              {Math.round(progress * 100)}%
            </progress>
          ) : null}
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="button" onClick={save} disabled={!source || !area || busy}>
            {busy ? t("avatar_uploading") : t("avatar_save")}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        <div>
          <label htmlFor={ids.file} className="text-sm font-medium">
            {t("avatar_choose")}
          </label>
          <input
            id={ids.file}
            type="file"
            accept={ACCEPTED}
            aria-describedby={error ? ids.error : undefined}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5"
            onChange={(event) => choose(event.target.files?.[0])}
            disabled={busy}
          />
        </div>
        {source ? (
          <>
            <div className="relative h-72 w-full overflow-hidden rounded-lg bg-muted" role="group" aria-label={t("avatar_area_label")}>
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                aspect={1}
                cropShape="round"
                showGrid={false}
                minZoom={zoomOfSlider(0)}
                maxZoom={zoomOfSlider(100)}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onRotationChange={setRotation}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.zoom} className="text-sm font-medium">
                {t("avatar_zoom")}
              </label>
              <input id={ids.zoom} type="range" min={0} max={100} step={1} value={sliderOfZoom(zoom)} onChange={(event) => setZoom(zoomOfSlider(Number(event.target.value)))} disabled={busy} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.rotation} className="text-sm font-medium">
                {t("avatar_rotation")}
              </label>
              <div className="flex items-center gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => setRotation((r) => turned(r, -90))} aria-label={t("avatar_rotate_left")} disabled={busy}>
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                </Button>
                <input id={ids.rotation} type="range" min={-180} max={180} step={1} value={rotation} onChange={(event) => setRotation(Number(event.target.value))} className="flex-1" disabled={busy} />
                <Button type="button" variant="outline" size="sm" onClick={() => setRotation((r) => turned(r, 90))} aria-label={t("avatar_rotate_right")} disabled={busy}>
                  <RotateCw aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </div>
          </>
        ) : null}
        {error ? (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </Drawer>
  );
}
