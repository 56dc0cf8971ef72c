import { Form, Link } from "@remix-run/react";
import { AlertTriangle, CheckCircle2, Clock, Heart, MessageCircle, Star, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { canSayNotGoing, initiativeAction, isPast, managerApproval, mayJoinWaitlist, type RulesConfig } from "~/domain/initiatives/rules";
import { formatDateTime, regionZone } from "~/domain/initiatives/format";
import { useSignedIn } from "~/lib/signed-in";
import { useHydrated } from "~/lib/use-hydrated";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { hasContact } from "./contact-drawer";
import { useDrawerParam } from "./page-drawer";
import { useIntent } from "./use-intent";

function IntentForm({ intent, id, children, className }: { intent: string; id: string; children: ReactNode; className?: string }) {
  return (
    <Form method="post" className={className} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

/** The manager-approval block (SPEC.md section 4): rejected, approved, pending, needed or not needed. */
export function ApprovalBlock({ initiative, config }: { initiative: Initiative; config: RulesConfig }) {
  const { t } = useTranslation("initiative");
  // Only what a member joins can need a manager's approval.
  if (initiative.type === "donation" || initiative.type === "informative") return null;
  const { text, visible } = managerApproval(config, initiative);
  if (!visible) return null;
  const Icon = text === "approved" ? CheckCircle2 : text === "rejected" ? XCircle : Clock;
  return (
    <div role="status" className={cn("flex gap-3 rounded-lg border p-3 text-sm", text === "rejected" ? "border-destructive/40 text-destructive" : "border-border bg-muted")}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t("approval_title")}</p>
        <p>{t(`approval_${text}`)}</p>
      </div>
    </div>
  );
}

/**
 * The main action of SPEC.md section 4 (initiativeAction decides which), "Not going" with its
 * confirmation, interest, contact and the expiry warning of a past initiative.
 */
export function ActionPanel({
  initiative: i,
  base,
  now,
  needsPhone,
}: {
  initiative: Initiative;
  base: string;
  now: number;
  needsPhone: boolean;
}) {
  const { t, i18n } = useTranslation("initiative");
  const hydrated = useHydrated();
  const { settings } = useSignedIn();
  const action = initiativeAction(i, now);
  const past = isPast(i, now);
  const join = useIntent("join");
  const leave = useIntent("leave");
  const interested = useIntent("interested");
  const notInterested = useIntent("not_interested");
  const phone = useDrawerParam("phone");
  const rate = useDrawerParam("rate");
  const contact = useDrawerParam("contact");
  const joinWaitlist = useIntent("waitlist_join");
  const leaveWaitlist = useIntent("waitlist_leave");
  const error = join.error ?? leave.error ?? interested.error ?? notInterested.error ?? joinWaitlist.error ?? leaveWaitlist.error;
  const wide = "w-full";

  let main: ReactNode = null;
  switch (action.kind) {
    case "join":
      main =
        needsPhone && !action.disabled ? (
          <Link to={phone.href()} preventScrollReset className={cn(buttonVariants({ size: "lg" }), wide)}>
            {t("action_join")}
          </Link>
        ) : (
          <IntentForm intent="join" id={i.id}>
            <Button type="submit" size="lg" className={wide} disabled={action.disabled || join.busy}>
              {t(action.disabled ? "action_join_suspended" : "action_join")}
            </Button>
          </IntentForm>
        );
      break;
    case "participate":
      main = (
        <Link to={`/${base}/${i.slug}/participate`} className={cn(buttonVariants({ size: "lg" }), wide)}>
          {t("action_participate")}
        </Link>
      );
      break;
    case "rejected":
      main = (
        <Button type="button" size="lg" className={wide} disabled>
          {t(action.label === "not_approved" ? "action_not_approved" : "action_rejected")}
        </Button>
      );
      break;
    case "complete":
      main = (
        <Button type="button" size="lg" className={wide} disabled>
          {t("action_complete")}
        </Button>
      );
      break;
    case "contribute":
      main = action.disabled ? (
        <Button type="button" size="lg" className={wide} disabled>
          {t("action_contribute")}
        </Button>
      ) : (
        <Link to={`/${base}/${i.slug}/contribute`} preventScrollReset className={cn(buttonVariants({ size: "lg" }), wide)}>
          {t("action_contribute")}
        </Link>
      );
      break;
    case "interested":
      main = (
        <IntentForm intent="interested" id={i.id}>
          <Button type="submit" size="lg" className={wide} disabled={interested.busy}>
            <Heart aria-hidden="true" className="size-5" />
            {t("action_interested")}
          </Button>
        </IntentForm>
      );
      break;
    case "rate":
      main = (
        <Link to={rate.href()} preventScrollReset className={cn(buttonVariants({ size: "lg" }), wide)}>
          <Star aria-hidden="true" className="size-5" />
          {t("action_rate")}
        </Link>
      );
      break;
    case "none":
      main = null;
  }

  return (
    <div className="flex flex-col gap-3">
      {past ? (
        <Alert variant="info" className="flex gap-3">
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          <span>
            <strong className="block">{t("past_title")}</strong>
            {t("past_description")}
          </span>
        </Alert>
      ) : null}
      {i.participant_status === "accepted" && i.type !== "donation" && i.type !== "informative" ? (
        <p className="flex items-center gap-2 text-sm font-semibold text-success">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          {t("joined")}
        </p>
      ) : null}
      {main}
      {i.waitlist?.status === "offered" && i.waitlist.offer_expires_at ? (
        <Alert variant="success">{t("waitlist_offered", { until: formatDateTime(i.waitlist.offer_expires_at, i18n.language, hydrated ? undefined : regionZone(settings.region)) })}</Alert>
      ) : null}
      {i.waitlist?.status === "waiting" ? (
        <div className="flex flex-col gap-2 rounded-md border border-border p-3">
          <p className="text-sm">{t("waitlist_position", { position: i.waitlist.position })}</p>
          <IntentForm intent="waitlist_leave" id={i.id}>
            <Button type="submit" variant="outline" className={wide} disabled={leaveWaitlist.busy}>
              {t("waitlist_leave")}
            </Button>
          </IntentForm>
        </div>
      ) : null}
      {!i.waitlist && mayJoinWaitlist(i, now) ? (
        <div className="flex flex-col gap-2">
          <IntentForm intent="waitlist_join" id={i.id}>
            <Button type="submit" variant="outline" size="lg" className={wide} disabled={joinWaitlist.busy}>
              {t("waitlist_join")}
            </Button>
          </IntentForm>
          <p className="text-xs text-muted-foreground">{t("waitlist_join_hint")}</p>
        </div>
      ) : null}
      {i.type === "informative" && i.own_interested && !past ? (
        <IntentForm intent="not_interested" id={i.id}>
          <Button type="submit" variant="outline" className={wide} disabled={notInterested.busy}>
            <Heart aria-hidden="true" className="size-5 fill-current" />
            {t("action_not_interested")}
          </Button>
        </IntentForm>
      ) : null}
      {canSayNotGoing(i, now) ? (
        <details className="group rounded-md border border-border">
          <summary className="flex h-11 cursor-pointer list-none items-center justify-center rounded-md px-4 text-sm font-semibold text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            {t("action_not_going")}
          </summary>
          <div className="flex flex-col gap-3 border-t border-border p-3">
            <p className="text-sm">{t("not_going_confirm")}</p>
            <IntentForm intent="leave" id={i.id}>
              <Button type="submit" variant="destructive" className={wide} disabled={leave.busy}>
                {t("not_going_yes")}
              </Button>
            </IntentForm>
          </div>
        </details>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {hasContact(i) ? (
        <Link to={contact.href()} preventScrollReset className={cn(buttonVariants({ variant: "outline" }), wide)}>
          <MessageCircle aria-hidden="true" className="size-5" />
          {t("action_contact")}
        </Link>
      ) : null}
    </div>
  );
}
