/**
 * The initiative detail and participation screens' server side: one load (the initiative, the
 * organisation's rules config, the attachments the member may see, the participant QR code) and
 * the page's form intents, each a call of SPEC.md section 7. Free of the Remix runtime (plain
 * Responses for redirects) so Worker tests can call it.
 */
import { addToCalendarLinks } from "~/domain/calendar";
import { toSvgPath } from "lean-qr/extras/svg";
import { generate } from "lean-qr";
import { checkinQrValue } from "~/domain/checkin";
import { parseForm } from "~/domain/form-values";
import { shownPrecision } from "~/domain/location-precision";
import { phoneFormSchema } from "~/domain/phone";
import { isSlug } from "~/domain/slug";
import {
  acceptsContributions,
  attachmentsVisible,
  dailyHoursCap,
  hoursFormSchema,
  IndicatorFormSchema,
  ratingFormSchema,
  ratingsShown,
  type Attachment,
  type Initiative,
  type RulesConfig,
} from "~/domain/initiatives";
import { jsonBody, memberCall, pathParam, type ApiArgs, type ApiClient } from "~/lib/server/api.server";
import { paymentProviderMode } from "./donation.server";
import { memberIdentity, organizationProfile, type OrganizationProfile } from "~/lib/server/member.server";
import { saveProfile } from "~/lib/server/settings.server";

export const INITIATIVE_ACTIONS = ["participate", "contribute"] as const;
export type InitiativeView = "detail" | (typeof INITIATIVE_ACTIONS)[number];

/** What the screens need from the organisation's community config (never the whole of it). */
export interface InitiativeConfig extends RulesConfig {
  points: boolean;
  program: boolean;
  ask_member_phone: boolean;
  region: string;
  currency: string | null;
}

const status = (code: number, text = "") => new Response(text, { status: code });
const redirectTo = (location: string) => new Response(null, { status: 302, headers: { location } });

function configOf(organization: OrganizationProfile): InitiativeConfig {
  const c = organization.product_config.community;
  return {
    require_manager_approval: c.require_manager_approval,
    consider_working_hours: c.consider_working_hours,
    show_attachments_before_participation: c.show_attachments_before_participation,
    hide_initiative_images: c.hide_initiative_images,
    hide_initiative_documents: c.hide_initiative_documents,
    hide_rating: c.hide_rating,
    evaluation_configuration: c.evaluation_configuration,
    points: c.features.points,
    program: c.features.program,
    ask_member_phone: c.ask_member_phone,
    region: organization.region,
    currency: c.currency,
  };
}

async function memberOrganization(args: ApiArgs) {
  const user = await memberIdentity(args);
  const org = user.organizations[0].slug;
  const profile = await organizationProfile(args, org);
  if (!profile.ok) throw status(profile.status >= 500 ? 502 : profile.status);
  return { user, org, config: configOf(profile.data) };
}

/** The participant's QR code as an SVG path (drawn on the server: no QR code in the browser bundle). */
export function qrPath(text: string) {
  const code = generate(text);
  return { size: code.size, path: toSvgPath(code) };
}

export type Attachments = { document: Attachment[] | null; image: Attachment[] | null };

async function loadAttachments(args: ApiArgs, org: string, initiative: Initiative, config: InitiativeConfig): Promise<Attachments> {
  const kinds = (["document", "image"] as const).filter((kind) => attachmentsVisible(config, initiative, kind));
  const lists = await Promise.all(
    kinds.map((kind) =>
      memberCall(args, (api) =>
        api.api[":org"].initiative[":slug"].attachment[":kind"].$get({ param: { org: pathParam(org), slug: pathParam(initiative.slug), kind }, query: {} }),
      ),
    ),
  );
  const result: Attachments = { document: null, image: null };
  // A list that fails to load leaves the section empty rather than the whole page in error.
  kinds.forEach((kind, n) => (result[kind] = lists[n].ok ? lists[n].data : []));
  return result;
}

/**
 * The page's data. 403 and 404 from the API become those error pages; any other failure is a
 * load error (the route's boundary shows the error panel with "check wall").
 */
export async function loadInitiative(args: ApiArgs, slug: string, action: string | undefined) {
  if (!isSlug(slug)) throw status(404);
  const view: InitiativeView = action === undefined ? "detail" : (INITIATIVE_ACTIONS as readonly string[]).includes(action) ? (action as InitiativeView) : "detail";
  if (action !== undefined && view === "detail") throw status(404);
  const { user, org, config } = await memberOrganization(args);
  const result = await memberCall(args, (api) => api.api[":org"].initiative[":slug"].$get({ param: { org: pathParam(org), slug: pathParam(slug) } }));
  if (!result.ok) throw status(result.status === 403 || result.status === 404 ? result.status : 502, result.error.message);
  const initiative = result.data;
  const base = new URL(args.request.url).pathname.split("/")[1] === "wall" ? "wall" : "initiative";
  if (view === "contribute" && initiative.type !== "donation") throw status(404);
  // A donation that does not take gifts yet (or any more) opens no drawer that would only refuse them.
  if (view === "contribute" && !acceptsContributions(initiative, Date.now())) throw redirectTo(`/${base}/${slug}`);
  if (view === "participate" && initiative.participant_status !== "accepted") throw redirectTo(`/${base}/${slug}`);
  const attachments = view === "detail" ? await loadAttachments(args, org, initiative, config) : { document: null, image: null };
  // The QR carries the signed check-in value the organiser's screen verifies, even offline (app/domain/checkin.ts).
  const qr =
    view === "participate" && initiative.participation_method === "qr" && initiative.participant_uuid && initiative.checkin_code
      ? qrPath(checkinQrValue(initiative.participant_uuid, initiative.checkin_code))
      : null;
  const paymentProvider = view === "contribute" ? paymentProviderMode(args) : null;
  // A pin found approximately (a city's centre for a street) is said to be approximate, not shown as the address (issue 28).
  const locationPrecision = shownPrecision(initiative.location_precision, initiative.latitude, initiative.longitude, args.context.locationPrecision);
  // Made here, so that the page's script carries no link building (components/initiative/add-to-calendar.tsx).
  const calendar = addToCalendarLinks(initiative, new URL(`/initiative/${encodeURIComponent(slug)}`, args.request.url).toString());
  return { initiative, config, attachments, qr, view, base, paymentProvider, locationPrecision, memberId: user.id, now: Date.now(), calendar };
}

export type InitiativeData = Awaited<ReturnType<typeof loadInitiative>>;

export type Intent = "join" | "leave" | "interested" | "not_interested" | "score" | "hours" | "indicator" | "phone_join" | "waitlist_join" | "waitlist_leave";

/** What an intent answers when it does not redirect: the error code and field errors, by intent. */
export interface IntentResult {
  intent: Intent;
  ok: boolean;
  error: string | null;
  fields: Record<string, string>;
  indicator?: string;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The page's form intents (all but "contribute...", which the donation drawer's server code handles). */
export async function initiativeIntent(args: ApiArgs, slug: string, form: FormData): Promise<Response | { status: number; result: IntentResult }> {
  if (!isSlug(slug)) throw status(404);
  const intent = text(form, "intent") as Intent;
  const id = text(form, "id");
  const { org, config } = await memberOrganization(args);
  const initiatives = (api: ApiClient) => api.api[":org"].initiative;
  const param = { org: pathParam(org), id: pathParam(id) };
  const fail = (code: number, error: string | null, fields: Record<string, string> = {}, indicator?: string) => ({
    status: code,
    result: { intent, ok: false, error, fields, indicator },
  });
  const apiFailure = (result: { status: number; error: { error: string; fields?: Record<string, string> } }, indicator?: string) =>
    fail(result.status, result.error.error, result.error.fields ?? {}, indicator);
  const done = (indicator?: string) => ({ status: 200, result: { intent, ok: true, error: null, fields: {}, indicator } });

  const join = async () => {
    const joined = await memberCall(args, (api) => initiatives(api)[":id"].$put({ param }, jsonBody({})));
    // SPEC.md section 2: after joining, my initiatives (scrolled to it, with the success dialog).
    return joined.ok ? redirectTo(`/initiative#${slug}`) : apiFailure(joined);
  };

  switch (intent) {
    case "join":
      return join();
    case "phone_join": {
      const phone = parseForm(phoneFormSchema(config.region), form);
      if (!phone.ok) return fail(400, "invalid_input", phone.errors);
      const saved = await saveProfile(args, { phone: phone.value.phone });
      if (!saved.ok) return fail(saved.status, saved.status === 409 ? "phone_in_use" : saved.error, saved.fields);
      return join();
    }
    case "leave": {
      const left = await memberCall(args, (api) => initiatives(api)[":id"].$delete({ param }));
      return left.ok ? done() : apiFailure(left);
    }
    case "waitlist_join": {
      const joined = await memberCall(args, (api) => initiatives(api)[":id"].waitlist.$put({ param }, jsonBody({})));
      return joined.ok ? done() : apiFailure(joined);
    }
    case "waitlist_leave": {
      const left = await memberCall(args, (api) => initiatives(api)[":id"].waitlist.$delete({ param }));
      return left.ok ? done() : apiFailure(left);
    }
    case "interested": {
      const marked = await memberCall(args, (api) => initiatives(api)[":id"].interested.$put({ param }, jsonBody({})));
      return marked.ok ? done() : apiFailure(marked);
    }
    case "not_interested": {
      const removed = await memberCall(args, (api) => initiatives(api)[":id"].interested.$delete({ param }));
      // SPEC.md section 2, post-action redirects: /wall after removing interest.
      return removed.ok ? redirectTo("/wall") : apiFailure(removed);
    }
    case "score": {
      const parsed = parseForm(ratingFormSchema(ratingsShown(config)), form);
      if (!parsed.ok) return fail(400, "invalid_input", parsed.errors);
      const scored = await memberCall(args, (api) => initiatives(api)[":slug"].score.$put({ param: { org: param.org, slug } }, jsonBody(parsed.value)));
      return scored.ok ? redirectTo(`/initiative#${slug}`) : apiFailure(scored);
    }
    case "hours": {
      // The day's cap only: what was reported today, the start and the calendar day are the API's to check.
      const perDay = Number(text(form, "hours_per_day")) || 0;
      const parsed = parseForm(hoursFormSchema(dailyHoursCap(perDay)), form);
      if (!parsed.ok) return fail(400, "invalid_input", parsed.errors);
      const reported = await memberCall(args, (api) =>
        initiatives(api)[":slug"].participation.$post({ param: { org: param.org, slug } }, jsonBody({ hours: parsed.value.hours })),
      );
      return reported.ok ? done() : apiFailure(reported);
    }
    case "indicator": {
      const indicator = text(form, "indicator_id");
      const parsed = parseForm(IndicatorFormSchema, form);
      if (!parsed.ok) return fail(400, "invalid_input", parsed.errors, indicator);
      const reported = await memberCall(args, (api) =>
        initiatives(api)[":slug"].indicator[":id"].participation.$post(
          { param: { org: param.org, slug, id: pathParam(indicator) } },
          jsonBody({ value: parsed.value.value }),
        ),
      );
      return reported.ok ? done(indicator) : apiFailure(reported, indicator);
    }
    default:
      throw status(400, "Unknown intent");
  }
}
