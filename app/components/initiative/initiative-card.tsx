import { Link } from "@remix-run/react";
import { GraduationCap, HandCoins, HandHeart, Info, MapPin, Monitor, Package, Pin, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { isFull, isHistory, isUnlimited, SDG_CHIPS_SHOWN } from "~/domain/initiatives/rules";
import type { InitiativeCard, InitiativeType } from "~/domain/initiatives/types";
import { isSdg, SdgChip } from "./sdg";
import { When } from "./when";

/** Placeholder colour and icon per type, for initiatives without an image. */
const TYPE_LOOK: Record<InitiativeType, { icon: LucideIcon; className: string }> = {
  volunteering: { icon: HandHeart, className: "bg-emerald-100 text-emerald-700" },
  training: { icon: GraduationCap, className: "bg-sky-100 text-sky-700" },
  donation: { icon: HandCoins, className: "bg-rose-100 text-rose-700" },
  collection: { icon: Package, className: "bg-amber-100 text-amber-800" },
  informative: { icon: Info, className: "bg-violet-100 text-violet-700" },
};

/** Types whose cards count participants against the places (donations and information have none). */
const COUNTS_PARTICIPANTS = new Set<InitiativeType>(["volunteering", "training", "collection"]);

export type BadgeKind = "pinned" | "full" | "past" | "canceled" | "suspended" | "pending_approval";

const BADGE_LOOK: Record<BadgeKind, string> = {
  pinned: "bg-amber-100 text-amber-900",
  full: "bg-red-50 text-red-800",
  past: "bg-slate-200 text-slate-800",
  canceled: "bg-slate-200 text-slate-800",
  suspended: "bg-orange-100 text-orange-900",
  pending_approval: "bg-sky-100 text-sky-900",
};

/** The status badges of a card, in display order (SPEC.md sections 2 and 4). */
export function cardBadges(i: InitiativeCard, now: number, { showPinned }: { showPinned: boolean }): BadgeKind[] {
  const badges: BadgeKind[] = [];
  if (showPinned && i.pinned_initiative) badges.push("pinned");
  if (i.status === "canceled") badges.push("canceled");
  else if (isHistory(i, now)) badges.push("past");
  else if (i.status === "suspended") badges.push("suspended");
  if (isFull(i) && i.participant_status !== "accepted" && COUNTS_PARTICIPANTS.has(i.type)) badges.push("full");
  if (i.participant_status === "pending" || i.manager_approval_status === "pending") badges.push("pending_approval");
  return badges;
}

/** The type label, with the volunteering subtype when there is one ("Volunteering · Mentoring"). */
export function useTypeLabel() {
  const { t } = useTranslation("initiatives");
  return (i: Pick<InitiativeCard, "type" | "subtype">) =>
    i.subtype && i.type === "volunteering" ? `${t(`type_${i.type}`)} · ${t(`subtype_${i.subtype}`)}` : t(`type_${i.type}`);
}

/** The first goals of a card as chips (icon and name), and how many more there are. */
export function SdgChips({ sdgs, className }: { sdgs: number[]; className?: string }) {
  const { t } = useTranslation("initiatives");
  const known = sdgs.filter(isSdg);
  if (!known.length) return null;
  const rest = known.length - SDG_CHIPS_SHOWN;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label={t("card_sdgs")}>
      {known.slice(0, SDG_CHIPS_SHOWN).map((id) => (
        <li key={id}>
          <SdgChip id={id} t={t} size="sm" />
        </li>
      ))}
      {rest > 0 ? (
        <li className="rounded-full border border-border bg-muted px-2 py-0.5 text-xs">
          <span aria-hidden="true">+{rest}</span>
          <span className="sr-only">{t("card_sdgs_more", { count: rest })}</span>
        </li>
      ) : null}
    </ul>
  );
}

interface CardProps {
  initiative: InitiativeCard;
  /** Where the card leads: /wall/{slug} on the wall, /initiative/{slug} in my initiatives. */
  href: string;
  /** The loader's clock, so the server and the browser agree on what is past. */
  now: number;
  /** The pinned badge, only where the organisation pins initiatives (can_pin_initiatives). */
  showPinned?: boolean;
  /** Lazy images below the fold; the first cards load theirs at once. */
  eager?: boolean;
}

/**
 * One initiative in a list (the wall, my initiatives): image or a type-coloured placeholder, type,
 * title (the link; the whole card is its click target), dates, place, SDG chips, status badges and
 * the participants against the places.
 */
export function InitiativeCardView({ initiative: i, href, now, showPinned = false, eager = false }: CardProps) {
  const { t } = useTranslation("initiatives");
  const typeLabel = useTypeLabel();
  const look = TYPE_LOOK[i.type] ?? TYPE_LOOK.informative;
  const badges = cardBadges(i, now, { showPinned });
  const place = i.is_in_person && i.is_remote ? "place_both" : i.is_in_person ? "place_in_person" : i.is_remote ? "place_remote" : null;
  const PlaceIcon = i.is_in_person ? MapPin : Monitor;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2">
      <div className="relative aspect-[2/1] w-full md:aspect-video">
        {i.image ? (
          <img src={i.image} alt="" loading={eager ? "eager" : "lazy"} decoding="async" className="size-full object-cover" />
        ) : (
          <div aria-hidden="true" className={cn("flex size-full items-center justify-center", look.className)}>
            <look.icon className="size-12" strokeWidth={1.5} />
          </div>
        )}
        {badges.length ? (
          <ul className="absolute left-2 top-2 flex flex-wrap gap-1" aria-label={t("card_status")}>
            {badges.map((badge) => (
              <li key={badge} className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm", BADGE_LOOK[badge])}>
                {badge === "pinned" ? <Pin aria-hidden="true" className="size-3" /> : null}
                {t(`status_${badge}`)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{typeLabel(i)}</p>
        <h3 className="text-base font-semibold leading-snug">
          <Link to={href} prefetch="intent" className="outline-none after:absolute after:inset-0 after:content-['']">
            {i.title}
          </Link>
        </h3>
        <When start={i.start_time} end={i.end_time} className="text-sm text-muted-foreground" />
        {place ? (
          <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <PlaceIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {t(place)}
              {i.is_in_person && i.address ? <span className="block text-foreground/80">{i.address}</span> : null}
            </span>
          </p>
        ) : null}
        <SdgChips sdgs={i.sdgs} className="mt-1" />
        {COUNTS_PARTICIPANTS.has(i.type) ? (
          <p className="mt-auto flex items-center gap-1.5 pt-2 text-sm">
            <Users aria-hidden="true" className="size-4 text-muted-foreground" />
            {isUnlimited(i)
              ? t("card_participants_unlimited", { count: i.participant_count })
              : t("card_participants", { count: i.participant_count, max: i.max_participants })}
          </p>
        ) : null}
      </div>
    </article>
  );
}
