/**
 * The initiative's image: the current one, a file to replace it (PNG, JPEG, GIF or WebP, read by
 * its bytes on the server) shown as a preview before saving, or none. The preview is the browser's
 * own object URL of the chosen file; nothing is sent until the form is.
 */
import { useEffect, useState } from "react";
import { ATTACHMENT_MAX_BYTES, uploadAccept } from "~/domain/attachments";
import { useTranslation } from "~/i18n/react";
import { CheckboxInput, Described, describedBy, EditorSection, fieldId, useFieldError } from "./editor-parts";

export function EditorImage({ current }: { current: string | null }) {
  const { t } = useTranslation("editor");
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const error = useFieldError("image", "image_file");
  const id = fieldId("image_file");
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (removed ? null : current);
  const megabytes = Math.round(ATTACHMENT_MAX_BYTES.image / (1024 * 1024));
  return (
    <EditorSection id="editor-image" title={t("section_image")}>
      <input type="hidden" name="image" value={current ?? ""} />
      {shown ? (
        <img src={shown} alt={t("image_preview")} className="aspect-[16/7] w-full max-w-xl rounded-lg bg-muted object-cover" width={1200} height={525} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("image_none")}</p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {current ? t("image_replace") : t("image_choose")}
        </label>
        <input
          id={id}
          name="image_file"
          type="file"
          accept={uploadAccept("image")}
          aria-describedby={describedBy(id, true, error)}
          aria-invalid={error ? true : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
        />
        <Described id={id} hint={t("image_hint", { size: megabytes })} error={error} />
      </div>
      {current ? <CheckboxInput name="remove_image" label={t("image_remove")} onChange={(event) => setRemoved(event.currentTarget.checked)} /> : null}
    </EditorSection>
  );
}
