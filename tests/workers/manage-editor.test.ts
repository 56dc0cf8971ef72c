/**
 * The initiative editor's calls (issue 11, point 2, docs/api/manage.md): the options, creating,
 * reading and saving an initiative with everything it is made of, the rules of the shared schema
 * and the database's own checks (each refused whole, nothing written), initiative images and the
 * address search.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addParticipation } from "./initiatives-fixtures";
import { joinBytes, pngOf } from "./png-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const PNG = pngOf(1, 1) as Uint8Array<ArrayBuffer>;

const api = (who: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/manage${path}`, { token: tokens[who], body });

/** A volunteering initiative with one of everything, as the editor sends it. */
const volunteering = (changes: Record<string, unknown> = {}) => ({
  type: "volunteering",
  subtype: "event",
  title: "Tree planting in Casa de Campo",
  description: "We plant 200 holm oaks with the city's park rangers.",
  start_time: "2027-03-06T09:00:00.000Z",
  end_time: "2027-03-06T13:00:00.000Z",
  registration_end_time: "2027-03-05T18:00:00.000Z",
  is_in_person: true,
  address: "Casa de Campo, Madrid",
  address_detail: "Meet at the Lago metro exit",
  latitude: 40.4194,
  longitude: -3.7353,
  categories: ["environment"],
  competences: [],
  sdgs: ["climate-action", "life-on-land"],
  target_audience: [],
  max_participants: 25,
  points: 40,
  is_working_hours: true,
  minors_allowed: false,
  participation_method: "qr",
  hours_per_day: 4,
  indicators: [{ name: "Trees planted", unit: "number" }],
  contact_person: "Olga",
  contact_email: "Olga@Acme.example",
  contact_phone: "+34600000000",
  ...changes,
});

const count = async (table: string, where = "1 = 1") => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).first<{ n: number }>())!.n;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [
    ["ada", "admin"],
    ["olga", "organiser"],
    ["otto", "organiser"],
    ["mia", "manager"],
    ["marta", "member"],
  ] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name })).id;
  }
  await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  await env.DB.prepare("INSERT OR IGNORE INTO categories (slug, sort_order) VALUES ('environment', 1), ('children', 2)").run();
  await env.DB.prepare("INSERT INTO collaborators (id, org_id, slug, name) VALUES ('col-rangers', 'org-acme', 'rangers', 'Park rangers'), ('col-other', 'org-commons', 'other', 'Other')").run();
  for (const name of ["ada", "olga", "otto", "mia", "marta"]) tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("GET /api/{org}/manage/initiatives/options", () => {
  it("gives organisers the lookups, the organisation's collaborators and what shapes the form", async () => {
    const options = await json(await api("olga", "GET", "/initiatives/options"));
    expect(options.categories).toContain("environment");
    expect(options.sdgs).toHaveLength(17);
    expect(options.collaborators).toEqual([{ slug: "rangers", name: "Park rangers" }]);
    expect(options).toMatchObject({ max_number_of_sdgs: 3, currency: "EUR", features: { points: true, program: false } });
  });

  it("is refused to members and managers (403)", async () => {
    expect((await api("marta", "GET", "/initiatives/options")).status).toBe(403);
    expect((await api("mia", "GET", "/initiatives/options")).status).toBe(403);
  });
});

describe("POST /api/{org}/manage/initiatives", () => {
  it("creates the initiative with its lookups and indicators in one go; its creator organises it", async () => {
    const response = await api("olga", "POST", "/initiatives", volunteering({ collaborators: ["rangers"] }));
    expect(response.status).toBe(201);
    const { id, slug } = await json(response);
    expect(slug).toMatch(/^tree-planting-in-casa-de-campo-[a-z0-9]{8}$/);
    ids.trees = id;
    const saved = await json(await api("olga", "GET", `/initiatives/${id}`));
    expect(saved).toMatchObject({
      status: "open",
      type: "volunteering",
      subtype: "event",
      title: "Tree planting in Casa de Campo",
      start_time: "2027-03-06T09:00:00.000Z",
      latitude: 40.4194,
      categories: ["environment"],
      sdgs: ["climate-action", "life-on-land"],
      max_participants: 25,
      points: 40,
      participation_method: "qr",
      hours_per_day: 4,
      contact_email: "olga@acme.example",
      collaborators: ["rangers"],
      type_locked: false,
      donation_params: null,
    });
    expect(saved.indicators).toEqual([{ id: expect.any(String), name: "Trees planted", unit: "number", has_reports: false }]);
    // On the wall for members, and in the organiser's own list.
    const wall = await json(await call("GET", `/api/acme/initiative/${slug}`, { token: tokens.marta }));
    expect(wall).toMatchObject({ title: "Tree planting in Casa de Campo", max_participants: 25 });
    const mine = await json(await api("olga", "GET", "/initiatives?scope=mine"));
    expect(mine.initiatives.map((i: { id: string }) => i.id)).toContain(id);
    expect(await count("audit_log", `action = 'initiative.created' AND target_id = '${id}'`)).toBe(1);
  });

  it("creates a donation with its parameters, in major units", async () => {
    const body = {
      type: "donation",
      title: "Books for the school library",
      description: "Every euro buys books.",
      donation_params: { currency: "EUR", target_amount: 1500.5, show_target_amount: true, sources: ["transfer", "inhand"], transfer_iban: "ES91 2100 0418 4502 0005 1332", inhand_instructions: "At reception" },
      max_participants: 10,
    };
    const { id } = await json(await api("ada", "POST", "/initiatives", body));
    const saved = await json(await api("ada", "GET", `/initiatives/${id}`));
    // A donation takes no participant cap: it is dropped, not refused.
    expect(saved.max_participants).toBeNull();
    expect(saved.donation_params).toMatchObject({ currency: "EUR", target_amount: 1500.5, sources: ["transfer", "inhand"], transfer_iban: "ES91 2100 0418 4502 0005 1332" });
    expect((await env.DB.prepare("SELECT target_amount FROM donation_params WHERE initiative_id = ?").bind(id).first<{ target_amount: number }>())!.target_amount).toBe(150050);
  });

  it("answers each rule of the shared schema at its field, and writes nothing", async () => {
    const before = await count("initiatives");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "x".repeat(76) }, "title", "form_error_max_title_length"],
      [{ title: "  " }, "title", "form_error_required"],
      [{ description: "" }, "description", "form_error_required"],
      [{ type: "party" }, "type", "form_error_required"],
      [{ sdgs: ["no-poverty", "zero-hunger", "climate-action", "life-on-land"] }, "sdgs", "form_error_max_sdgs"],
      [{ latitude: null }, "latitude", "form_error_wrong_coords"],
      [{ location_precision: "rooftop" }, "location_precision", "form_error_invalid"],
      [{ location_precision: 3 }, "location_precision", "form_error_invalid"],
      [{ end_time: "2027-03-05T09:00:00.000Z" }, "end_time", "form_error_end_before_start"],
      [{ registration_end_time: "2027-03-07T09:00:00.000Z" }, "registration_end_time", "form_error_registration_after_end"],
      [{ address: null }, "address", "form_error_address_required"],
      [{ is_remote: true, remote_url: "" }, "remote_url", "form_error_remote_url_required"],
      [{ is_remote: true, remote_url: "javascript:alert(1)" }, "remote_url", "form_error_invalid_url"],
      [{ hours_per_day: 25 }, "hours_per_day", "form_error_invalid_number"],
      [{ max_participants: 0 }, "max_participants", "form_error_invalid_number"],
      [{ indicators: [{ name: "Kg", unit: "tonnes" }] }, "indicators.0.unit", "form_error_invalid"],
      [{ indicators: [{ name: "Kg", unit: "kilogram" }, { name: "kg", unit: "kilogram" }] }, "indicators", "form_error_duplicate_indicator"],
      [{ contact_email: "not-an-address" }, "contact_email", "form_error_invalid_email"],
      [{ type: "donation", subtype: null }, "donation_params", "form_error_required"],
      [{ status: "open" }, "status", "form_error_unknown_field"],
      [{ categories: ["environment", "no-such-category"] }, "categories", "form_error_invalid"],
      [{ collaborators: ["other"] }, "collaborators", "form_error_invalid"],
      [{ image: "/media/images/00000000-0000-4000-8000-000000000000.png" }, "image", "form_error_invalid"],
    ];
    for (const [changes, field, key] of cases) {
      const response = await api("olga", "POST", "/initiatives", volunteering(changes));
      expect(response.status, field).toBe(400);
      expect((await json(response)).fields[field], field).toBe(key);
    }
    const donation = await api("olga", "POST", "/initiatives", { ...volunteering(), type: "donation", subtype: null, donation_params: { currency: "EUR", sources: ["transfer", "external"] } });
    expect((await json(donation)).fields).toMatchObject({ "donation_params.external_url": "form_error_required", "donation_params.transfer_iban": "form_error_required" });
    expect(await count("initiatives")).toBe(before);
  });

  it("is refused to members (403) and to another organisation's staff (404)", async () => {
    expect((await api("marta", "POST", "/initiatives", volunteering())).status).toBe(403);
    expect((await api("cora", "POST", "/initiatives", volunteering())).status).toBe(404);
  });
});

describe("GET and PUT /api/{org}/manage/initiatives/{id}", () => {
  it("another organiser gets 403, another organisation 404, a member 403", async () => {
    expect((await api("otto", "GET", `/initiatives/${ids.trees}`)).status).toBe(403);
    expect((await api("otto", "PUT", `/initiatives/${ids.trees}`, volunteering())).status).toBe(403);
    expect((await api("marta", "GET", `/initiatives/${ids.trees}`)).status).toBe(403);
    expect((await call("GET", `/api/commons/manage/initiatives/${ids.trees}`, { token: tokens.cora })).status).toBe(404);
    expect((await api("ada", "GET", "/initiatives/no-such-id")).status).toBe(404);
  });

  it("saves the editor: indicators kept by id, added and dropped; lookups replaced", async () => {
    const current = await json(await api("olga", "GET", `/initiatives/${ids.trees}`));
    const trees = current.indicators[0];
    const response = await api(
      "olga",
      "PUT",
      `/initiatives/${ids.trees}`,
      volunteering({ title: "Tree planting, spring", sdgs: ["life-on-land"], categories: ["children"], indicators: [{ id: trees.id, name: "Trees", unit: "number" }, { name: "Water", unit: "litre" }] }),
    );
    expect(response.status).toBe(200);
    const saved = await json(response);
    expect(saved).toMatchObject({ title: "Tree planting, spring", sdgs: ["life-on-land"], categories: ["children"], slug: current.slug });
    expect(saved.indicators.map((i: { id: string; name: string }) => [i.id === trees.id, i.name])).toEqual([
      [true, "Trees"],
      [false, "Water"],
    ]);
    expect(await count("audit_log", `action = 'initiative.updated' AND target_id = '${ids.trees}'`)).toBe(1);
  });

  it("keeps an indicator with reports and the type once someone joined; refuses an indicator of another initiative", async () => {
    const saved = await json(await api("olga", "GET", `/initiatives/${ids.trees}`));
    const participation = await addParticipation(ids.trees, "org-acme", ids.marta, "accepted");
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, value, indicator_id, status) VALUES (?, ?, 'indicator', 3, ?, 'pending')")
      .bind(crypto.randomUUID(), participation.id, saved.indicators[0].id)
      .run();
    const dropped = await api("olga", "PUT", `/initiatives/${ids.trees}`, volunteering({ indicators: [saved.indicators[1]].map(({ id, name, unit }) => ({ id, name, unit })) }));
    expect((await json(dropped)).fields).toEqual({ indicators: "form_error_indicator_in_use" });
    const retyped = await api("olga", "PUT", `/initiatives/${ids.trees}`, volunteering({ type: "training", subtype: null, indicators: saved.indicators.map(({ id, name, unit }: Record<string, string>) => ({ id, name, unit })) }));
    expect((await json(retyped)).fields).toEqual({ type: "form_error_type_locked" });
    const foreign = await api("olga", "PUT", `/initiatives/${ids.trees}`, volunteering({ indicators: [{ id: "someone-elses", name: "X", unit: "number" }] }));
    expect((await json(foreign)).fields).toMatchObject({ "indicators.0.id": "form_error_invalid" });
    expect((await json(await api("olga", "GET", `/initiatives/${ids.trees}`))).indicators).toHaveLength(2);
  });

  it("takes its own GET answer back on PUT: the read-only fields it gives are ignored", async () => {
    const current = await json(await api("olga", "GET", `/initiatives/${ids.trees}`));
    expect(current.indicators[0]).toHaveProperty("has_reports");
    const response = await api("olga", "PUT", `/initiatives/${ids.trees}`, { ...current, title: "Tree planting, as read" });
    expect(response.status).toBe(200);
    const saved = await json(response);
    expect(saved).toEqual({ ...current, title: "Tree planting, as read" });
    // Still only the editor's fields: a field it never gives is refused.
    expect((await json(await api("olga", "PUT", `/initiatives/${ids.trees}`, { ...current, colour: "red" }))).fields).toEqual({ colour: "form_error_unknown_field" });
  });

  it("keeps the precision of the place with it, gives it back and drops it without a pin (issue 28)", async () => {
    const created = await json(await api("olga", "POST", "/initiatives", volunteering({ title: "Street clean-up", location_precision: "street" })));
    expect(await json(await api("olga", "GET", `/initiatives/${created.id}`))).toMatchObject({ latitude: 40.4194, location_precision: "street" });
    // The member's page reads it from the initiative itself, whichever geocoder found the place.
    expect(await json(await call("GET", `/api/acme/initiative/${created.slug}`, { token: tokens.marta }))).toMatchObject({ location_precision: "street" });
    const moved = await api("olga", "PUT", `/initiatives/${created.id}`, volunteering({ title: "Street clean-up", latitude: 40.41, location_precision: "exact" }));
    expect(await json(moved)).toMatchObject({ latitude: 40.41, location_precision: "exact" });
    const unpinned = await api("olga", "PUT", `/initiatives/${created.id}`, volunteering({ title: "Street clean-up", latitude: null, longitude: null, location_precision: "city" }));
    expect(await json(unpinned)).toMatchObject({ latitude: null, location_precision: null });
    // Set by hand (no precision sent, or a blank one): unknown.
    const byHand = await api("olga", "PUT", `/initiatives/${created.id}`, volunteering({ title: "Street clean-up", location_precision: "" }));
    expect(await json(byHand)).toMatchObject({ latitude: 40.4194, location_precision: null });
  });

  it("still changes only the status or the pin with a body without a title", async () => {
    const response = await api("olga", "PUT", `/initiatives/${ids.trees}`, { status: "suspended" });
    expect(await json(response)).toMatchObject({ status: "suspended" });
    expect((await api("olga", "PUT", `/initiatives/${ids.trees}`, { status: "deleted" })).status).toBe(400);
  });
});

describe("initiative images", () => {
  const upload = (who: string, bytes: Uint8Array<ArrayBuffer>, name = "cover.png") => {
    const form = new FormData();
    form.append("file", new File([bytes], name));
    return call("POST", "/api/acme/manage/images", { token: tokens[who], rawBody: form });
  };

  it("stores an image by its bytes, serves it on the organisation's host only, cached for good", async () => {
    const response = await upload("olga", PNG);
    expect(response.status).toBe(201);
    const { url } = await json(response);
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    const image = await call("GET", url, { host: "acme.localhost" });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect((await call("GET", url, { host: "localhost" })).status).toBe(404);
    // The editor may now name it.
    const saved = await json(await api("olga", "PUT", `/initiatives/${ids.trees}`, volunteering({ image: url, indicators: (await json(await api("olga", "GET", `/initiatives/${ids.trees}`))).indicators.map(({ id, name, unit }: Record<string, string>) => ({ id, name, unit })) })));
    expect(saved.image).toBe(url);
  });

  it("stores an image without its metadata, and refuses one with too many pixels (issue 25)", async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const segment = (marker: number, data: Uint8Array) => joinBytes(new Uint8Array([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 255]), data);
    // 1,000 by 800 pixels (the frame header), with an EXIF position and a comment.
    const frame = new Uint8Array([8, 0x03, 0x20, 0x03, 0xe8, 3, 0, 0]);
    const jpeg = joinBytes(new Uint8Array([0xff, 0xd8]), segment(0xe0, text("JFIF\0")), segment(0xe1, text("Exif\0\0GPS-editor-secret")), segment(0xfe, text("comment-secret")), segment(0xc0, frame), new Uint8Array([0xff, 0xda, 0, 2, 9, 9, 0xff, 0xd9]));
    const stored = await upload("olga", jpeg as Uint8Array<ArrayBuffer>);
    expect(stored.status).toBe(201);
    const served = new TextDecoder("latin1").decode(await (await call("GET", (await json(stored)).url, { host: "acme.localhost" })).arrayBuffer());
    expect(served).not.toContain("GPS-editor-secret");
    expect(served).not.toContain("comment-secret");
    expect(served).toContain("JFIF");
    // 20,000 by 20,000 pixels declared in a file of a few bytes.
    const huge = joinBytes(new Uint8Array([0xff, 0xd8]), segment(0xc0, new Uint8Array([8, 0x4e, 0x20, 0x4e, 0x20, 3, 0, 0])), new Uint8Array([0xff, 0xda, 0, 2, 9, 9, 0xff, 0xd9]));
    const refused = await upload("olga", huge as Uint8Array<ArrayBuffer>);
    expect(refused.status).toBe(413);
    expect(await json(refused)).toMatchObject({ error: "image_too_large" });
  });

  it("refuses what is not an image (415), members (403) and other organisations (404)", async () => {
    expect((await upload("olga", new TextEncoder().encode("%PDF-1.7 not an image") as Uint8Array<ArrayBuffer>)).status).toBe(415);
    // An image named as a program, or with one inside its name, is refused too (issue 28).
    for (const name of ["cover.exe", "cover.exe.png", "cover.svg"]) expect((await upload("olga", PNG, name)).status, name).toBe(415);
    expect((await upload("marta", PNG)).status).toBe(403);
    const form = new FormData();
    form.append("file", new File([PNG], "cover.png"));
    // Another organisation's administrator: not a member of this one.
    expect((await call("POST", "/api/acme/manage/images", { token: tokens.cora, rawBody: form })).status).toBe(404);
  });
});

describe("GET /api/{org}/geocode", () => {
  it("finds the demo cities offline, keeping a typed address as its label", async () => {
    const { places } = await json(await call("GET", "/api/acme/geocode?q=Calle%20Mayor%201%2C%20Madrid", { token: tokens.marta }));
    // A street in Madrid is placed at the city's centre, and the answer says so (issue 28).
    expect(places).toEqual([{ label: "Calle Mayor 1, Madrid", latitude: 40.4168, longitude: -3.7038, precision: "city" }]);
    const lisbon = await json(await call("GET", "/api/acme/geocode?q=lisb", { token: tokens.marta }));
    expect(lisbon.places[0]).toMatchObject({ label: "Lisboa, Portugal", precision: "city" });
    expect((await json(await call("GET", "/api/acme/geocode?q=Atlantis", { token: tokens.marta }))).places).toEqual([]);
  });

  it("checks its query and its caller", async () => {
    expect((await call("GET", "/api/acme/geocode?q=a", { token: tokens.marta })).status).toBe(400);
    expect((await call("GET", "/api/acme/geocode?q=Madrid")).status).toBe(401);
    expect((await call("GET", "/api/acme/geocode?q=Madrid", { token: tokens.cora })).status).toBe(404);
  });
});
