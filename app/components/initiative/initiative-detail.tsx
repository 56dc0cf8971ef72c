import { useActionData, useNavigate } from "@remix-run/react";
import { useEffect, useState, type ComponentProps } from "react";
import { ratingsShown } from "~/domain/initiatives/rules";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import type { InitiativeData } from "~/routes/_app.initiative.$slug.($action)/initiative.server";
import { ActionPanel, ApprovalBlock } from "./action-panel";
import { AddToCalendar } from "./add-to-calendar";
import { AttachmentsSection } from "./attachments";
import { ContactDrawer } from "./contact-drawer";
import { Description } from "./description";
import { DonationSummary } from "./donation-summary";
import { Collaborators, InitiativeFacts } from "./facts";
import { InitiativeHeader } from "./header";
import { InitiativeMap } from "./initiative-map";
import { PhoneDrawer } from "./phone-drawer";
import { RatingDrawer } from "./rating-drawer";
import { SdgChips } from "./sdg-chips";
import { StarRating } from "./stars";

type DonationDrawerModule = typeof import("~/components/donation/donation-drawer");
let donationDrawerModule: DonationDrawerModule | undefined;

/**
 * The contribute drawer's steps (forms, PayPal, the donation rules) are fetched by the browser when a
 * member first opens the drawer, not with every donation page (docs/decisions/039-first-visit-weight.md).
 * The server has them at hand (the route's loader awaits this), so a page opened at /contribute
 * still carries the drawer in its HTML, for a browser without JavaScript too.
 */
export function loadDonationDrawer(): Promise<DonationDrawerModule> {
  return import("~/components/donation/donation-drawer").then((module) => (donationDrawerModule = module));
}

/**
 * The drawer once its code is here. Until then the browser keeps what the server drew in the
 * wrapper untouched (React does not hydrate inner HTML it is given), then draws the drawer itself.
 */
function LazyDonationDrawer(props: ComponentProps<DonationDrawerModule["DonationDrawer"]>) {
  const [module, setModule] = useState(donationDrawerModule);
  useEffect(() => {
    if (!module) loadDonationDrawer().then(setModule, () => {});
  }, [module]);
  const Drawer = module?.DonationDrawer;
  return Drawer ? (
    <div className="contents">
      <Drawer {...props} />
    </div>
  ) : (
    <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
  );
}

function Ratings({ initiative: i, shown }: { initiative: Initiative; shown: { initiative: boolean; organization: boolean } }) {
  const { t } = useTranslation("initiative");
  if (!shown.initiative && !shown.organization) return null;
  return (
    <section aria-labelledby="ratings-title" className="flex flex-col gap-2">
      <h2 id="ratings-title" className="text-base font-semibold">
        {t("ratings_title")}
      </h2>
      {shown.initiative ? <StarRating value={i.initiative_score} count={i.initiative_score_count} label={t("rating_initiative_short")} /> : null}
      {shown.organization ? <StarRating value={i.organization_score} count={i.organization_score_count} label={t("rating_organization_short")} /> : null}
    </section>
  );
}

/**
 * The initiative by type (SPEC.md section 2): the full view of volunteering and training (skills,
 * restrictions, points, program), donation with its progress and contribute drawer, collection, and
 * informative (interest and rating). Mobile first: one column; from lg the actions sit in a side column.
 */
export function InitiativeDetail({ data, memberPhone }: { data: InitiativeData; memberPhone: string }) {
  const { initiative: i, config, attachments, base, now, memberId } = data;
  const actionData = useActionData();
  const navigate = useNavigate();
  const detailHref = `/${base}/${i.slug}`;
  const shown = ratingsShown(config);
  const needsPhone = config.ask_member_phone && !memberPhone;
  const { t, i18n } = useTranslation("initiative");
  const contributing = data.view === "contribute";
  // Once opened, the drawer stays mounted so it can close as it always did.
  const [contributed, setContributed] = useState(contributing);
  if (contributing && !contributed) setContributed(true);
  return (
    <div className="flex flex-col gap-6">
      <InitiativeHeader initiative={i} region={config.region} showImage={!config.hide_initiative_images} now={now} />
      <ContactDrawer initiative={i} />
      {needsPhone ? <PhoneDrawer initiativeId={i.id} region={config.region} /> : null}
      <RatingDrawer initiative={i} shown={shown} />
      {i.type === "donation" && contributed ? (
        <LazyDonationDrawer
          initiative={i}
          open={contributing}
          onOpenChange={(open) => (open ? undefined : navigate(detailHref, { replace: true, preventScrollReset: true }))}
          organization={{ region: config.region, currency: config.currency }}
          actionData={actionData}
          locale={i18n.language}
          paymentProvider={data.paymentProvider}
          closeHref={detailHref}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside className="flex flex-col gap-4 lg:order-2 lg:sticky lg:top-4" aria-label={t("actions_label")}>
          <ActionPanel initiative={i} base={base} now={now} needsPhone={needsPhone} />
          <AddToCalendar links={data.calendar} />
          <ApprovalBlock initiative={i} config={config} />
          <DonationSummary initiative={i} now={now} />
          <Ratings initiative={i} shown={shown} />
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:order-1">
          <Description text={i.description} />
          <SdgChips sdgs={i.sdgs} />
          <InitiativeFacts initiative={i} points={config.points} program={config.program} />
          <Collaborators collaborators={i.collaborators} showScore={shown.organization} />
          <AttachmentsSection slug={i.slug} attachments={attachments} memberId={memberId} />
          {i.is_in_person && i.latitude !== null && i.longitude !== null ? (
            <InitiativeMap latitude={i.latitude} longitude={i.longitude} address={i.address ?? i.title} precision={data.locationPrecision} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
