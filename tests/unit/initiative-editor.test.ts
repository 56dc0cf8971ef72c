/**
 * The editor's pure parts (issue 11, point 2): its form read as the API's body, the times of the
 * organisation's zone, the slug of a title, and the two geocoders behind the one interface.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { initiativeInputFromForm, initiativeInputSchema, inPersonByDefault } from "../../app/domain/initiatives/editor";
import { INITIATIVE_TYPES } from "../../app/domain/initiatives/types";
import { instantOfZoned, zonedInputValue } from "../../app/domain/zoned-time";
import { proposalInputSchema, proposalPayload, withStepAnswers, type ProposalRules } from "../../app/domain/proposals";
import { shownPrecision } from "../../app/domain/location-precision";
import { createNominatimGeocoder, GeocoderUnavailable, precisionOfRank } from "../../workers/geocoding/nominatim";
import { mapServices, OFFLINE_BASEMAP_URL } from "../../workers/maps";
import { PRECISIONS } from "../../app/domain/location-precision";
import { approximationOf } from "../../app/lib/browser/geocode";
import { offlineGeocoder } from "../../workers/geocoding/offline";
import { initiativeSlug } from "../../app/domain/slug";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the organisation's wall-clock times", () => {
  it("reads a datetime-local value in the zone, summer and winter alike", () => {
    expect(instantOfZoned("2027-07-01T10:00", "Europe/Madrid")).toBe("2027-07-01T08:00:00.000Z");
    expect(instantOfZoned("2027-01-15T10:00", "Europe/Madrid")).toBe("2027-01-15T09:00:00.000Z");
    expect(instantOfZoned("2027-01-15T10:00", "America/Sao_Paulo")).toBe("2027-01-15T13:00:00.000Z");
    expect(instantOfZoned("2027-02-30T10:00", "UTC")).toBeNull();
    expect(instantOfZoned("tomorrow", "UTC")).toBeNull();
  });

  it("shows an instant as the zone's datetime-local value, and back", () => {
    expect(zonedInputValue("2027-07-01T08:00:00.000Z", "Europe/Madrid")).toBe("2027-07-01T10:00");
    expect(zonedInputValue(null, "Europe/Madrid")).toBe("");
    expect(instantOfZoned(zonedInputValue("2027-03-28T00:30:00.000Z", "Europe/Lisbon"), "Europe/Lisbon")).toBe("2027-03-28T00:30:00.000Z");
  });
});

describe("initiativeInputFromForm", () => {
  const schema = initiativeInputSchema({ maxSdgs: 3, region: "ES" });

  it("turns the editor's fields into the API's body", () => {
    const body = initiativeInputFromForm(
      form([
        ["type", "volunteering"],
        ["title", "Beach day"],
        ["description", "Bring gloves."],
        ["start_time", "2027-07-01T10:00"],
        ["is_in_person", "on"],
        ["address", "Playa, Cádiz"],
        ["latitude", "36,5"],
        ["longitude", "-6.3"],
        ["sdgs", "life-below-water"],
        ["sdgs", "climate-action"],
        ["max_participants", ""],
        ["indicators.0.name", "Rubbish"],
        ["indicators.0.unit", "kilogram"],
        ["indicators.1.name", ""],
        ["indicators.1.unit", "number"],
        ["points", "15"],
      ]),
      "Europe/Madrid",
    );
    expect(body).toMatchObject({
      start_time: "2027-07-01T08:00:00.000Z",
      latitude: 36.5,
      longitude: -6.3,
      sdgs: ["life-below-water", "climate-action"],
      max_participants: null,
      indicators: [{ name: "Rubbish", unit: "kilogram" }],
      points: 15,
      donation_params: null,
    });
    expect(v.safeParse(schema, body).success).toBe(true);
  });

  it("takes a remote meeting link only as https, as documented (an initiative's and a proposal's)", () => {
    const base = { type: "volunteering", title: "Online talk", description: "On video.", start_time: "2027-07-01T08:00:00.000Z", is_in_person: false, is_remote: true };
    const rules: ProposalRules = { allowedTypes: ["volunteering"], maxSdgs: 3, canOverrideDateLimits: true, todayStart: 0, memberCompetences: [] };
    const proposal = proposalInputSchema(rules);
    for (const check of [schema, proposal] as v.GenericSchema[]) {
      const http = v.safeParse(check, { ...base, remote_url: "http://meet.example/room" });
      expect(http.issues?.find((issue) => issue.path?.map((item) => item.key).join(".") === "remote_url")?.message).toBe("form_error_invalid_url");
      const https = v.safeParse(check, { ...base, remote_url: "https://meet.example/room" });
      expect(https.issues?.find((issue) => issue.path?.map((item) => item.key).join(".") === "remote_url")).toBeUndefined();
    }
  });

  it("leaves what is not a number or a time as typed, so the schema names the field", () => {
    const body = initiativeInputFromForm(form([["type", "training"], ["title", "T"], ["description", "D"], ["hours_per_day", "lots"], ["end_time", "2027-02-30T10:00"]]), "UTC");
    const result = v.safeParse(schema, body);
    expect(result.success).toBe(false);
    const paths = result.issues?.map((issue) => issue.path?.map((item) => item.key).join("."));
    expect(paths).toEqual(expect.arrayContaining(["hours_per_day", "end_time"]));
  });

  it("reads a donation's parameters only for a donation, and keeps an existing indicator's id", () => {
    const donation = initiativeInputFromForm(
      form([
        ["type", "donation"],
        ["donation_params.currency", "EUR"],
        ["donation_params.sources", "transfer"],
        ["donation_params.transfer_iban", "ES00"],
        ["donation_params.target_amount", "99,5"],
      ]),
      "UTC",
    );
    expect(donation.donation_params).toMatchObject({ currency: "EUR", sources: ["transfer"], transfer_iban: "ES00", target_amount: 99.5 });
    const kept = initiativeInputFromForm(form([["type", "volunteering"], ["indicators.0.id", "ind-1"], ["indicators.0.name", ""], ["indicators.0.unit", "litre"], ["donation_params.currency", "EUR"]]), "UTC");
    expect(kept.indicators).toEqual([{ id: "ind-1", name: "", unit: "litre" }]);
    expect(kept.donation_params).toBeNull();
  });
});

describe("the place's precision in the editor's and the wizard's bodies (issue 28)", () => {
  const editor = initiativeInputSchema({ maxSdgs: 3, region: "ES" });
  const rules: ProposalRules = { allowedTypes: ["volunteering"], maxSdgs: 3, canOverrideDateLimits: true, todayStart: 0, memberCompetences: [] };
  const proposal = proposalInputSchema(rules);
  const base = { type: "volunteering", title: "Beach day", description: "Bring gloves.", is_in_person: true, address: "Calle Mayor, Madrid", latitude: 40.4155, longitude: -3.7091 };
  const parsed = (schema: v.GenericSchema, body: Record<string, unknown>) => v.safeParse(schema, body);
  const fieldError = (result: ReturnType<typeof parsed>) => result.issues?.find((issue) => issue.path?.[0]?.key === "location_precision")?.message;

  it("takes each of the geocoder's precisions, and none (absent, null, blank) as unknown", () => {
    for (const schema of [editor, proposal] as v.GenericSchema[]) {
      for (const precision of PRECISIONS) expect(parsed(schema, { ...base, location_precision: precision }).output).toMatchObject({ location_precision: precision });
      for (const none of [undefined, null, ""]) expect(parsed(schema, { ...base, location_precision: none }).output).toMatchObject({ location_precision: null });
    }
  });

  it("refuses any other value at its field, and drops it where there is no pin", () => {
    for (const schema of [editor, proposal] as v.GenericSchema[]) {
      for (const bad of ["rooftop", "EXACT", 1, true]) expect(fieldError(parsed(schema, { ...base, location_precision: bad })), String(bad)).toBe("form_error_invalid");
      expect(parsed(schema, { ...base, latitude: null, longitude: null, location_precision: "city" }).output).toMatchObject({ latitude: null, location_precision: null });
    }
  });

  it("is read from the editor's form and the wizard's where step", () => {
    expect(initiativeInputFromForm(form([["type", "volunteering"], ["latitude", "40.4"], ["longitude", "-3.7"], ["location_precision", "street"]]), "UTC")).toMatchObject({ location_precision: "street" });
    expect(initiativeInputFromForm(form([["type", "volunteering"], ["location_precision", ""]]), "UTC")).toMatchObject({ location_precision: null });
    const draft = withStepAnswers({ type: "volunteering" }, "where", form([["is_in_person", "on"], ["address", "Madrid"], ["latitude", "40.4168"], ["longitude", "-3.7038"], ["location_precision", "city"]]));
    expect(proposalPayload(draft, () => null)).toMatchObject({ latitude: 40.4168, location_precision: "city" });
    expect(proposalPayload({ type: "volunteering" }, () => null)).toMatchObject({ location_precision: null });
  });

  it("a page says the kept precision, and only for a place kept without one what the geocoder can tell", () => {
    const cityCentre = () => "city" as const;
    expect(shownPrecision("street", 40.4, -3.7, () => null)).toBe("street");
    expect(shownPrecision("exact", 40.4168, -3.7038, cityCentre)).toBe("exact");
    expect(shownPrecision(null, 40.4168, -3.7038, cityCentre)).toBe("city");
    expect(shownPrecision("nonsense", 40.4168, -3.7038, cityCentre)).toBe("city");
    expect(shownPrecision("street", null, null, cityCentre)).toBeNull();
  });
});

describe("initiativeSlug (the one generated-slug rule, app/domain/slug.ts)", () => {
  it("makes a slug of the title's words with a random tail", () => {
    expect(initiativeSlug("Limpieza de la playa: ¡Cádiz 2027!", new Uint8Array([0, 1, 2, 3, 25, 26, 35, 36]))).toBe("limpieza-de-la-playa-cadiz-2027-abcdz09a");
    expect(initiativeSlug("¡¡!!", new Uint8Array(8))).toBe("initiative-aaaaaaaa");
    expect(initiativeSlug("a".repeat(100))).toMatch(/^a{60}-[a-z0-9]{8}$/);
  });
});

describe("geocoders", () => {
  it("offline: the demo cities by name, accents and case aside, the region's first", async () => {
    expect(await offlineGeocoder.search({ text: "sao paulo", language: "pt", limit: 5 })).toEqual([{ label: "São Paulo, Brasil", latitude: -23.5505, longitude: -46.6333, precision: "city" }]);
    const porto = await offlineGeocoder.search({ text: "Rua das Flores 12, Porto", language: "pt", limit: 5, country: "PT" });
    expect(porto).toEqual([{ label: "Rua das Flores 12, Porto", latitude: 41.1579, longitude: -8.6291, precision: "city" }]);
    expect(await offlineGeocoder.search({ text: "x", language: "en", limit: 5 })).toEqual([]);
  });

  it("offline: every street is placed at its city's centre, and says so (issue 28)", async () => {
    const [madrid] = await offlineGeocoder.search({ text: "Calle de Alcalá 42, Madrid", language: "es", limit: 5, country: "ES" });
    expect(madrid).toMatchObject({ label: "Calle de Alcalá 42, Madrid", precision: "city" });
    // A stored point at a centre it gives is approximate; a pin moved by a metre or more is the organiser's.
    expect(offlineGeocoder.approximation(madrid.latitude, madrid.longitude)).toBe("city");
    expect(offlineGeocoder.approximation(40.41681, -3.70381)).toBe("city");
    expect(offlineGeocoder.approximation(40.4179, -3.7038)).toBeNull();
  });

  it("Nominatim: the precision of a place follows its search rank", () => {
    expect([30, 28, 27, 26, 22, 17, 16, 13, 12, 4].map(precisionOfRank)).toEqual(["exact", "exact", "street", "street", "district", "district", "city", "city", "region", "region"]);
    expect(precisionOfRank("30")).toBe("exact");
    // A provider that does not say is not trusted with the door.
    expect(precisionOfRank(undefined)).toBe("street");
    expect(precisionOfRank("n/a")).toBe("street");
    expect(createNominatimGeocoder({ url: "https://geocoder.example", userAgent: "x" }).approximation(40.4168, -3.7038)).toBeNull();
  });

  it("Nominatim: asks as its usage policy says, and reads its answer", async () => {
    const asked: Request[] = [];
    const geocoder = createNominatimGeocoder({
      url: "https://geocoder.example/nominatim",
      userAgent: "Commons/1.0 (+https://commons.example)",
      fetch: async (input, init) => {
        asked.push(new Request(input, init));
        return Response.json([{ display_name: "Calle Mayor, Madrid", lat: "40.41", lon: "-3.70", place_rank: 26 }, { display_name: "Madrid", lat: "40.4167", lon: "-3.7036", place_rank: 16 }, { display_name: "broken" }]);
      },
    });
    expect(await geocoder.search({ text: "Calle Mayor", language: "es", limit: 3, country: "ES" })).toEqual([
      { label: "Calle Mayor, Madrid", latitude: 40.41, longitude: -3.7, precision: "street" },
      { label: "Madrid", latitude: 40.4167, longitude: -3.7036, precision: "city" },
    ]);
    const url = new URL(asked[0].url);
    expect(url.pathname).toBe("/nominatim/search");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: "Calle Mayor", format: "jsonv2", limit: "3", "accept-language": "es", countrycodes: "es" });
    expect(asked[0].headers.get("user-agent")).toBe("Commons/1.0 (+https://commons.example)");
  });

  it("Nominatim: an error or a silence is GeocoderUnavailable", async () => {
    const failing = createNominatimGeocoder({ url: "https://geocoder.example", userAgent: "x", fetch: async () => new Response("busy", { status: 503 }) });
    await expect(failing.search({ text: "Madrid", language: "es", limit: 1 })).rejects.toBeInstanceOf(GeocoderUnavailable);
    const down = createNominatimGeocoder({ url: "https://geocoder.example", userAgent: "x", fetch: async () => Promise.reject(new TypeError("fetch failed")) });
    await expect(down.search({ text: "Madrid", language: "es", limit: 1 })).rejects.toBeInstanceOf(GeocoderUnavailable);
  });
});

describe("what the screens say of a place's precision (app/lib/browser/geocode.ts)", () => {
  it("anything but an exact place is an approximation, named by its kind", () => {
    expect(PRECISIONS.map(approximationOf)).toEqual([null, "street", "district", "city", "region"]);
    expect(approximationOf(null)).toBeNull();
    expect(approximationOf(undefined)).toBeNull();
  });
});

describe("the map services of a deployment (workers/maps.ts)", () => {
  it("unset: the offline basemap and geocoder; set: the street-level archive and Nominatim", () => {
    expect(mapServices({})).toEqual({ basemap: { url: OFFLINE_BASEMAP_URL, source: "offline", bucket: false }, geocoder: { kind: "offline", url: null } });
    expect(mapServices({ BASEMAP_URL: "", GEOCODER_URL: "" }).geocoder.kind).toBe("offline");
    const production = mapServices({ BASEMAP_URL: "/basemap/iberia.pmtiles", GEOCODER_URL: "https://nominatim.example", BASEMAP: {} as R2Bucket });
    expect(production).toEqual({ basemap: { url: "/basemap/iberia.pmtiles", source: "own", bucket: true }, geocoder: { kind: "nominatim", url: "https://nominatim.example" } });
    expect(mapServices({ BASEMAP_URL: "https://tiles.example/planet.pmtiles" }).basemap.source).toBe("external");
  });
});

describe("a new initiative's place by its type", () => {
  it("a gathering starts in person; a donation or an informative initiative does not", () => {
    expect(INITIATIVE_TYPES.filter(inPersonByDefault)).toEqual(["volunteering", "training", "collection"]);
  });
});
