import { CalendarDays, Globe, MapPin } from "lucide-react";
import { registrationClosed } from "~/domain/initiatives/rules";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { DateTime } from "./date-time";
import { subtypeName, typeName } from "./labels";

const ITEM = "grid grid-cols-[1rem_minmax(0,1fr)] gap-x-2";
const TERM = "row-span-3 pt-0.5";

/**
 * Image (unless the organisation hides it), title, type and subtype, organiser, dates (with when
 * registration closes, or closed, by the loader's clock `now`) and place.
 */
export function InitiativeHeader({ initiative: i, region, showImage, now }: { initiative: Initiative; region: string; showImage: boolean; now: number }) {
  const { t } = useTranslation("initiative");
  const tWall = useTranslation("initiatives").t;
  return (
    <header className="flex flex-col gap-4">
      {showImage && i.image ? (
        <img src={i.image} alt="" className="aspect-[16/7] w-full rounded-lg bg-muted object-cover" width={1200} height={525} />
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-brand px-3 py-1 font-semibold text-brand-foreground">{typeName(tWall, i.type)}</span>
        {i.subtype ? <span className="rounded-full border border-border px-3 py-1 font-medium">{subtypeName(tWall, i.subtype)}</span> : null}
        {i.status !== "open" ? <span className="rounded-full border border-destructive px-3 py-1 font-medium text-destructive">{t(`status_${i.status}`)}</span> : null}
      </div>
      <h1 className="text-2xl font-bold leading-tight lg:text-3xl">{i.title}</h1>
      <p className="flex items-center gap-2 text-sm">
        {i.organization_logo_small ? <img src={i.organization_logo_small} alt="" className="size-8 rounded-full border border-border object-contain" width={32} height={32} /> : null}
        <span>
          <span className="text-muted-foreground">{t("organised_by")} </span>
          <span className="font-semibold">{i.organization_name}</span>
        </span>
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {i.start_time || i.end_time ? (
          <div className={ITEM}>
            <dt className={TERM}>
              <CalendarDays aria-hidden="true" className="size-4 text-brand" />
              <span className="sr-only">{t("dates")}</span>
            </dt>
            <dd className="col-start-2">
                {i.start_time ? <DateTime iso={i.start_time} region={region} /> : null}
                {i.start_time && i.end_time ? " – " : null}
                {i.end_time ? <DateTime iso={i.end_time} region={region} /> : null}
            </dd>
            {i.registration_end_time ? (
              <dd className="col-start-2 text-muted-foreground">
                {/* Never "open until" a date that has passed. */}
                {t(registrationClosed({ registration_end_time: i.registration_end_time, end_time: null }, now) ? "registration_closed" : "registration_until")}{" "}
                <DateTime iso={i.registration_end_time} region={region} />
              </dd>
            ) : null}
          </div>
        ) : null}
        {i.is_in_person && i.address ? (
          <div className={ITEM}>
            <dt className={TERM}>
              <MapPin aria-hidden="true" className="size-4 text-brand" />
              <span className="sr-only">{t("place")}</span>
            </dt>
            <dd className="col-start-2">{i.address}</dd>
            {i.address_detail ? <dd className="col-start-2 text-muted-foreground">{i.address_detail}</dd> : null}
          </div>
        ) : null}
        {i.is_remote ? (
          <div className={ITEM}>
            <dt className={TERM}>
              <Globe aria-hidden="true" className="size-4 text-brand" />
              <span className="sr-only">{t("online")}</span>
            </dt>
            <dd className="col-start-2">
                {t("online")}
                {i.remote_url ? (
                  <>
                    {": "}
                    <a href={i.remote_url} target="_blank" rel="noreferrer" className="break-all font-medium text-brand underline">
                      {i.remote_url.replace(/^https?:\/\//, "")}
                    </a>
                  </>
                ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}
