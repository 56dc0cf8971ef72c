/**
 * What staff set on an initiative (issue 11, point 2; SPEC.md sections 3 and 5): the one schema of
 * POST and PUT /api/{org}/manage/initiatives, and how the editor's HTML form becomes that body.
 * The rules the member's proposal follows (title at most 75 characters, both coordinates or none,
 * the SDG cap, end not before start) are the same here. Browser-safe and pure.
 *
 * The form's field names are the body's paths (`indicators.0.name`, `donation_params.currency`), so
 * an error the API reports at a path lands at the input of that name. Times in the form are
 * wall-clock times of the organisation's zone (docs/decisions/019-editor-times-in-the-organisation-zone.md).
 */
import * as v from "valibot";
import { EMAIL_PATTERN } from "../email";
import { locationPrecisionSchema } from "../location-precision";
import { instantOfZoned } from "../zoned-time";
import { DONATION_SOURCES, INDICATOR_UNITS, INITIATIVE_TYPES, SDG_SLUGS, VOLUNTEERING_SUBTYPES, type InitiativeType } from "./types";
import { MAX_HOURS_PER_DAY } from "./reporting";

export const TITLE_MAX_LENGTH = 75;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const TEXT_MAX_LENGTH = 500;
export const MAX_INDICATORS = 10;
/** More than any lookup offers (40 categories, 30 audiences, 25 competences), and one IN list under D1's 100 parameters. */
export const MAX_LOOKUPS = 60;
export const MAX_COLLABORATORS = 20;
export const MAX_POINTS = 100_000;
export const MAX_PARTICIPANTS = 100_000;
/** Target of a donation in major units, as contributions are (app/domain/initiatives/forms.ts). */
export const MAX_DONATION_TARGET = 100_000_000;
export const CURRENCIES = ["EUR", "BRL"] as const;
export const PARTICIPATION_METHODS = ["report_hours", "qr"] as const;

/** Types that take participants, so a cap: informative and donation initiatives have none (SPEC.md section 5). */
export const takesParticipants = (type: InitiativeType) => type !== "informative" && type !== "donation";

/**
 * Whether a new initiative of a type starts "in person" in the editor: a gathering has a place; a
 * donation or an informative initiative usually has none, and a ticked box with no address only
 * earns the organiser an "address required" error.
 */
export const inPersonByDefault = (type: InitiativeType) => takesParticipants(type);

/** What the organisation's configuration changes in the rules. */
export interface EditorConfig {
  /** max_number_of_sdgs (default 3). */
  maxSdgs: number;
  /** Region BR uses the Brazilian transfer set, any other the IBAN one. */
  region: string | null;
}

/** Field schemas the proposal's payload shares (app/domain/proposals.ts): the same rules, the same keys. */
const text = (max: number) => v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(max, "form_error_max_length"));
/** Optional text: absent, null or blank all mean none. */
export const optionalText = (max = TEXT_MAX_LENGTH) =>
  v.pipe(
    v.optional(v.nullable(text(max)), null),
    v.transform((value) => (value ? value : null)),
  );
export const requiredText = (max: number, tooLong = "form_error_max_length") =>
  v.pipe(v.string("form_error_required"), v.trim(), v.minLength(1, "form_error_required"), v.maxLength(max, tooLong));
export const titleSchema = requiredText(TITLE_MAX_LENGTH, "form_error_max_title_length");
export const descriptionSchema = requiredText(DESCRIPTION_MAX_LENGTH);

const httpUrl = v.pipe(
  v.string("form_error_invalid"),
  v.trim(),
  v.maxLength(2000, "form_error_max_length"),
  v.check((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "form_error_invalid_url"),
);
export const optionalUrl = v.optional(v.nullable(v.union([v.literal(""), httpUrl], "form_error_invalid_url")), null);
/** A meeting link members open from their e-mail and the page: https only (docs/api/manage.md, proposals.md). */
const httpsUrl = v.pipe(httpUrl, v.check((value) => /^https:\/\//i.test(value), "form_error_invalid_url"));
export const optionalHttpsUrl = v.optional(v.nullable(v.union([v.literal(""), httpsUrl], "form_error_invalid_url")), null);
export const instant = v.optional(v.nullable(v.pipe(v.string("form_error_invalid_date"), v.isoTimestamp("form_error_invalid_date"))), null);
export const flag = v.optional(v.boolean("form_error_invalid"), false);
const slugs = (max: number) => v.optional(v.pipe(v.array(v.string("form_error_invalid"), "form_error_invalid"), v.maxLength(max, "form_error_invalid")), []);
export const whole = (min: number, max: number) => v.pipe(v.number("form_error_invalid_number"), v.integer("form_error_invalid_number"), v.minValue(min, "form_error_invalid_number"), v.maxValue(max, "form_error_invalid_number"));

/** A latitude (bound 90) or longitude (bound 180): a number or null; SPEC.md's key for coordinates. */
export const coordinate = (bound: number) =>
  v.optional(v.nullable(v.pipe(v.number("form_error_wrong_coords"), v.minValue(-bound, "form_error_wrong_coords"), v.maxValue(bound, "form_error_wrong_coords"))), null);

/** SDG slugs, at most the organisation's max_number_of_sdgs (form_error_max_sdgs). */
export const sdgList = (max: number) =>
  v.optional(v.pipe(v.array(v.picklist(SDG_SLUGS, "form_error_invalid"), "form_error_invalid"), v.maxLength(max, "form_error_max_sdgs")), []);

/** Where an uploaded image lives (POST /api/{org}/manage/images answers it). */
export const IMAGE_URL_PATTERN = /^\/media\/images\/[0-9a-f-]{36}\.(png|jpe?g|webp|gif)$/;

const indicatorSchema = v.strictObject(
  {
    /** An existing indicator keeps its id (its records stay with it); a new one has none. */
    id: v.optional(v.pipe(v.string("form_error_invalid"), v.maxLength(64, "form_error_invalid"))),
    name: requiredText(100),
    unit: v.picklist(INDICATOR_UNITS, "form_error_invalid"),
  },
  "form_error_unknown_field",
);

const donationSchema = v.strictObject(
  {
    currency: v.picklist(CURRENCIES, "form_error_invalid"),
    /** Major units; null: no target. */
    target_amount: v.optional(v.nullable(v.pipe(v.number("form_error_invalid_number"), v.minValue(1, "form_error_invalid_number"), v.maxValue(MAX_DONATION_TARGET, "form_error_invalid_number"))), null),
    show_target_amount: flag,
    sources: v.pipe(v.array(v.picklist(DONATION_SOURCES, "form_error_invalid"), "form_error_invalid"), v.minLength(1, "form_error_donation_sources")),
    external_url: optionalUrl,
    inhand_instructions: optionalText(2000),
    transfer_bank_name: optionalText(),
    transfer_recipient: optionalText(),
    transfer_iban: optionalText(64),
    transfer_swift: optionalText(32),
    transfer_concept: optionalText(),
    br_transfer_bank: optionalText(),
    br_transfer_agency: optionalText(32),
    br_transfer_account: optionalText(32),
    br_transfer_cpf: optionalText(32),
    br_transfer_cnpj: optionalText(32),
    br_transfer_guidelines: optionalText(2000),
    tax_deductible: flag,
  },
  "form_error_unknown_field",
);

export type DonationInput = v.InferOutput<typeof donationSchema>;

/**
 * What the editor's GET answers beside the fields it takes (docs/api/manage.md): a PUT that sends
 * that answer back is read without them, so a client may PUT what it got. Any other field is still
 * `form_error_unknown_field`, and a POST takes none of them. The state (`status`, `pinned`) changes
 * only by a body without a title.
 */
const READ_ONLY_FIELDS = ["id", "slug", "status", "pinned", "type_locked"];
const READ_ONLY_INDICATOR_FIELDS = ["has_reports"];

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);
const without = (record: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));

export function withoutReadOnlyFields(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const body = without(input, READ_ONLY_FIELDS);
  if (Array.isArray(body.indicators)) body.indicators = body.indicators.map((item: unknown) => (isRecord(item) ? without(item, READ_ONLY_INDICATOR_FIELDS) : item));
  return body;
}

/** The body of POST and PUT /api/{org}/manage/initiatives (the organisation's lookups are checked by the API). */
export function initiativeInputSchema(config: EditorConfig) {
  const brazil = (config.region ?? "").toUpperCase() === "BR";
  return v.pipe(
    v.strictObject(
      {
        type: v.picklist(INITIATIVE_TYPES, "form_error_required"),
        subtype: v.optional(v.nullable(v.union([v.literal(""), v.picklist(VOLUNTEERING_SUBTYPES, "form_error_invalid")], "form_error_invalid")), null),
        title: titleSchema,
        description: descriptionSchema,
        image: v.optional(v.nullable(v.union([v.literal(""), v.pipe(v.string(), v.regex(IMAGE_URL_PATTERN, "form_error_invalid"))], "form_error_invalid")), null),
        start_time: instant,
        end_time: instant,
        registration_end_time: instant,
        is_in_person: flag,
        address: optionalText(),
        address_detail: optionalText(),
        latitude: coordinate(90),
        longitude: coordinate(180),
        /** How close the pin is to the address (the place the search found); null: unknown. Dropped without a pin. */
        location_precision: locationPrecisionSchema,
        is_remote: flag,
        remote_url: optionalHttpsUrl,
        categories: slugs(MAX_LOOKUPS),
        competences: slugs(MAX_LOOKUPS),
        sdgs: sdgList(config.maxSdgs),
        target_audience: slugs(MAX_LOOKUPS),
        /** null: unlimited. */
        max_participants: v.optional(v.nullable(whole(1, MAX_PARTICIPANTS)), null),
        points: v.optional(whole(0, MAX_POINTS), 0),
        program: optionalText(200),
        is_working_hours: flag,
        minors_allowed: flag,
        participation_method: v.optional(v.picklist(PARTICIPATION_METHODS, "form_error_invalid"), "report_hours"),
        /** 0: no daily cap. */
        hours_per_day: v.optional(whole(0, MAX_HOURS_PER_DAY), 0),
        indicators: v.optional(v.pipe(v.array(indicatorSchema, "form_error_invalid"), v.maxLength(MAX_INDICATORS, "form_error_max_indicators")), []),
        donation_params: v.optional(v.nullable(donationSchema), null),
        contact_person: optionalText(200),
        contact_email: v.optional(v.nullable(v.union([v.literal(""), v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(EMAIL_PATTERN, "form_error_invalid_email"))], "form_error_invalid_email")), null),
        contact_phone: optionalText(32),
        collaborators: slugs(MAX_COLLABORATORS),
      },
      "form_error_unknown_field",
    ),
    v.forward(
      v.partialCheck([["start_time"], ["end_time"]], (i) => !i.start_time || !i.end_time || i.end_time >= i.start_time, "form_error_end_before_start"),
      ["end_time"],
    ),
    v.forward(
      v.partialCheck([["registration_end_time"], ["end_time"]], (i) => !i.registration_end_time || !i.end_time || i.registration_end_time <= i.end_time, "form_error_registration_after_end"),
      ["registration_end_time"],
    ),
    v.forward(v.partialCheck([["is_in_person"], ["address"]], (i) => !i.is_in_person || !!i.address, "form_error_address_required"), ["address"]),
    v.forward(v.partialCheck([["latitude"], ["longitude"]], (i) => (i.latitude === null) === (i.longitude === null), "form_error_wrong_coords"), ["latitude"]),
    v.forward(v.partialCheck([["is_remote"], ["remote_url"]], (i) => !i.is_remote || !!i.remote_url, "form_error_remote_url_required"), ["remote_url"]),
    v.forward(v.partialCheck([["type"], ["subtype"]], (i) => i.type === "volunteering" || !i.subtype, "form_error_invalid"), ["subtype"]),
    v.forward(
      v.partialCheck([["type"], ["donation_params"]], (i) => i.type !== "donation" || i.donation_params !== null, "form_error_required"),
      ["donation_params"],
    ),
    v.forward(
      v.partialCheck([["donation_params"]], (i) => !i.donation_params?.sources.includes("external") || !!i.donation_params.external_url, "form_error_required"),
      ["donation_params", "external_url"],
    ),
    v.forward(
      v.partialCheck(
        [["donation_params"]],
        (i) => !i.donation_params?.sources.includes("transfer") || !!(brazil ? i.donation_params.br_transfer_account : i.donation_params.transfer_iban),
        "form_error_required",
      ),
      ["donation_params", brazil ? "br_transfer_account" : "transfer_iban"],
    ),
    v.forward(
      v.partialCheck([["indicators"]], (i) => new Set(i.indicators.map((indicator) => indicator.name.toLowerCase())).size === i.indicators.length, "form_error_duplicate_indicator"),
      ["indicators"],
    ),
    // What a type has no use for is dropped rather than refused, so switching type in the editor never strands a value.
    v.transform((i) => ({
      ...i,
      subtype: i.type === "volunteering" ? i.subtype || null : null,
      image: i.image || null,
      location_precision: i.latitude === null ? null : i.location_precision,
      remote_url: i.is_remote ? i.remote_url || null : null,
      contact_email: i.contact_email || null,
      max_participants: takesParticipants(i.type) ? i.max_participants : null,
      donation_params: i.type === "donation" ? i.donation_params && { ...i.donation_params, external_url: i.donation_params.external_url || null } : null,
    })),
  );
}

export type InitiativeInput = v.InferOutput<ReturnType<typeof initiativeInputSchema>>;

/**
 * An initiative with nothing chosen yet, as the schema's defaults leave it: what the editor's form
 * opens with, and what an approved proposal fills in (workers/manage/proposals.ts).
 */
export const BLANK_INITIATIVE_INPUT: InitiativeInput = {
  type: "volunteering",
  subtype: null,
  title: "",
  description: "",
  image: null,
  start_time: null,
  end_time: null,
  registration_end_time: null,
  is_in_person: true,
  address: null,
  address_detail: null,
  latitude: null,
  longitude: null,
  location_precision: null,
  is_remote: false,
  remote_url: null,
  categories: [],
  competences: [],
  sdgs: [],
  target_audience: [],
  max_participants: null,
  points: 0,
  program: null,
  is_working_hours: false,
  minors_allowed: false,
  participation_method: "report_hours",
  hours_per_day: 0,
  indicators: [],
  donation_params: null,
  contact_person: null,
  contact_email: null,
  contact_phone: null,
  collaborators: [],
};

/** What the editor's form holds: FormData, or URLSearchParams in tests. */
interface FormLike {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
  has(name: string): boolean;
}

/**
 * The editor's form as the API's body: strings as they are (the schema trims and checks them),
 * ticked boxes as true, numbers as numbers (a value that is not one stays a string so the schema
 * names its field), empty optional fields as null, and the organisation's wall-clock times as
 * instants. Only what the form sends is read, so a field the page leaves out keeps its default.
 */
export function initiativeInputFromForm(form: FormLike, zone: string) {
  const string = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const orNull = (name: string) => string(name)?.trim() || null;
  const number = (name: string) => {
    const raw = string(name)?.trim().replace(",", ".");
    if (!raw) return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : raw;
  };
  const box = (name: string) => form.get(name) === "on" || form.get(name) === "true";
  const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string" && value !== "");
  const time = (name: string) => {
    const raw = orNull(name);
    return raw === null ? null : (instantOfZoned(raw, zone) ?? raw);
  };
  const indicators: { id?: string; name: string | null; unit: string | null }[] = [];
  for (let index = 0; index < MAX_INDICATORS + 1 && (form.has(`indicators.${index}.name`) || form.has(`indicators.${index}.unit`)); index++) {
    const name = orNull(`indicators.${index}.name`);
    const id = orNull(`indicators.${index}.id`);
    // A blank new row is no indicator; a blank existing one is still named, so the API says it is required.
    if (!name && !id) continue;
    indicators.push({ ...(id ? { id } : {}), name: name ?? "", unit: string(`indicators.${index}.unit`) });
  }
  const type = string("type");
  const donation = (name: string) => `donation_params.${name}`;
  return {
    type: type ?? "",
    subtype: orNull("subtype"),
    title: string("title") ?? "",
    description: string("description") ?? "",
    image: orNull("image"),
    start_time: time("start_time"),
    end_time: time("end_time"),
    registration_end_time: time("registration_end_time"),
    is_in_person: box("is_in_person"),
    address: orNull("address"),
    address_detail: orNull("address_detail"),
    latitude: number("latitude"),
    longitude: number("longitude"),
    location_precision: orNull("location_precision"),
    is_remote: box("is_remote"),
    remote_url: orNull("remote_url"),
    categories: list("categories"),
    competences: list("competences"),
    sdgs: list("sdgs"),
    target_audience: list("target_audience"),
    max_participants: number("max_participants"),
    ...(form.has("points") ? { points: number("points") ?? 0 } : {}),
    ...(form.has("program") ? { program: orNull("program") } : {}),
    is_working_hours: box("is_working_hours"),
    minors_allowed: box("minors_allowed"),
    participation_method: string("participation_method") ?? "report_hours",
    hours_per_day: number("hours_per_day") ?? 0,
    indicators,
    donation_params:
      type === "donation"
        ? {
            currency: string(donation("currency")) ?? "",
            target_amount: number(donation("target_amount")),
            show_target_amount: box(donation("show_target_amount")),
            sources: list(donation("sources")),
            external_url: orNull(donation("external_url")),
            inhand_instructions: orNull(donation("inhand_instructions")),
            transfer_bank_name: orNull(donation("transfer_bank_name")),
            transfer_recipient: orNull(donation("transfer_recipient")),
            transfer_iban: orNull(donation("transfer_iban")),
            transfer_swift: orNull(donation("transfer_swift")),
            transfer_concept: orNull(donation("transfer_concept")),
            br_transfer_bank: orNull(donation("br_transfer_bank")),
            br_transfer_agency: orNull(donation("br_transfer_agency")),
            br_transfer_account: orNull(donation("br_transfer_account")),
            br_transfer_cpf: orNull(donation("br_transfer_cpf")),
            br_transfer_cnpj: orNull(donation("br_transfer_cnpj")),
            br_transfer_guidelines: orNull(donation("br_transfer_guidelines")),
            tax_deductible: box(donation("tax_deductible")),
          }
        : null,
    contact_person: orNull("contact_person"),
    contact_email: orNull("contact_email"),
    contact_phone: orNull("contact_phone"),
    collaborators: list("collaborators"),
  };
}
