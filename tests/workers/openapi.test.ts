/**
 * The OpenAPI document (issue 31, section 1; docs/api/openapi.md): every /auth and /api route the
 * app mounts (SCIM and the chat socket too) is in it, it has the shape of an OpenAPI 3.1 document,
 * and real answers of representative routes validate against the schemas it gives them.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../workers/app";
import { DOCUMENTED_PATH } from "../../workers/openapi/document";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

type Json = Record<string, any>;
let document: Json;
let token = "";
let apiKey = "";
let session: Json = {};
let initiative = { id: "", slug: "" };

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"];

/** Hono's `:name` (with an optional `{pattern}`) as OpenAPI's `{name}`. */
const openApiPath = (path: string) => path.replace(/\/:([A-Za-z0-9_]+)(?:\{[^}]*\})?\??/g, "/{$1}");
/** A template without its parameters' names: two templates of one shape are the same path to OpenAPI. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

/** What an OpenAPI 3.1 document must hold, as far as this API uses it (no meta-schema is available offline). */
const DOCUMENT_SHAPE = {
  type: "object",
  required: ["openapi", "info", "paths", "components"],
  properties: {
    openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" },
    info: { type: "object", required: ["title", "version"], properties: { title: { type: "string" }, version: { type: "string" } } },
    servers: { type: "array", minItems: 1, items: { type: "object", required: ["url"], properties: { url: { type: "string", format: "uri" } } } },
    tags: { type: "array", items: { type: "object", required: ["name"] } },
    paths: {
      type: "object",
      propertyNames: { pattern: "^/" },
      additionalProperties: {
        type: "object",
        propertyNames: { enum: [...METHODS, "summary", "description", "parameters", "servers"] },
        additionalProperties: { $ref: "#/$defs/operation" },
      },
    },
    components: {
      type: "object",
      properties: {
        schemas: { type: "object", additionalProperties: { type: ["object", "boolean"] } },
        securitySchemes: { type: "object", additionalProperties: { type: "object", required: ["type"] } },
      },
    },
  },
  $defs: {
    operation: {
      type: "object",
      required: ["responses", "operationId"],
      properties: {
        operationId: { type: "string" },
        summary: { type: "string", minLength: 1 },
        tags: { type: "array", minItems: 1, items: { type: "string" } },
        security: { type: "array", items: { type: "object" } },
        parameters: {
          type: "array",
          items: {
            type: "object",
            required: ["name", "in", "schema"],
            properties: { name: { type: "string" }, in: { enum: ["query", "header", "path", "cookie"] }, required: { type: "boolean" } },
            if: { properties: { in: { const: "path" } } },
            then: { required: ["required"], properties: { required: { const: true } } },
          },
        },
        requestBody: { type: "object", required: ["content"], properties: { content: { $ref: "#/$defs/content" } } },
        responses: {
          type: "object",
          minProperties: 1,
          propertyNames: { pattern: "^([1-5][0-9][0-9]|default)$" },
          additionalProperties: { type: "object", required: ["description"], properties: { description: { type: "string" }, content: { $ref: "#/$defs/content" } } },
        },
      },
    },
    content: { type: "object", additionalProperties: { type: "object", properties: { schema: { type: ["object", "boolean"] } } } },
  },
};

function newAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/** The response schema the document gives `method path` for `status`, with the document's components to resolve its $refs. */
function answerSchema(method: string, path: string, status: number) {
  const answer = document.paths[path]?.[method]?.responses?.[status];
  const schema = answer?.content?.["application/json"]?.schema;
  if (!schema || !Object.keys(schema).length) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} JSON schema`);
  return { ...schema, $defs: undefined, components: document.components };
}

/** The errors of `body` against the documented schema; empty when it validates. */
function errorsOf(method: string, path: string, status: number, body: unknown): string[] {
  const schema = answerSchema(method, path, status);
  // The document's $refs point at #/components/...: validate with the components at the root.
  const check = newAjv().compile({ ...schema, components: document.components });
  return check(body) ? [] : (check.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const member = await createMember({ email: "olivia@acme.example", orgId: acme.id, name: "Olivia" });
  session = (await login("olivia@acme.example", "Correct-Horse-9")).body;
  token = session.access_token;
  await createMember({ email: "ada@acme.example", orgId: acme.id, name: "Ada", role: "admin" });
  const admin = (await login("ada@acme.example", "Correct-Horse-9")).body.access_token;
  const key = await call("POST", "/api/acme/admin/api-keys", { token: admin, body: { name: "Warehouse", scopes: ["members:read"] } });
  expect(key.status).toBe(201);
  apiKey = (await json(key)).secret;
  const created = await createInitiative({ orgId: acme.id, title: "Beach clean-up" });
  initiative = { id: created.id, slug: created.slug };
  await addParticipation(created.id, acme.id, member.id);
  const res = await call("GET", "/api/openapi.json", { host: "acme.localhost" });
  expect(res.status).toBe(200);
  document = await json(res);
});

describe("GET /api/openapi.json", () => {
  it("describes every /auth, /api and SCIM route the app mounts, and the chat socket", () => {
    const routes = createApp().routes.filter((route) => route.method !== "ALL" && DOCUMENTED_PATH.test(route.path));
    expect(routes.length).toBeGreaterThan(150);
    const byShape = new Map(Object.keys(document.paths).map((path) => [shapeOf(path), path]));
    const missing = routes
      .map((route) => [route.method.toLowerCase(), openApiPath(route.path)] as const)
      .filter(([method, path]) => !document.paths[byShape.get(shapeOf(path)) ?? ""]?.[method])
      .map(([method, path]) => `${method.toUpperCase()} ${path}`);
    expect([...new Set(missing)]).toEqual([]);
    for (const path of ["/api/{org}/chat/conversations", "/scim/v2/{org}/Users", "/chat/socket", "/api/openapi.json", "/api/docs"]) expect(document.paths[path], path).toBeDefined();
    // Nothing that is not API: pages, media and development tools stay out.
    expect(Object.keys(document.paths).filter((path) => !DOCUMENTED_PATH.test(path))).toEqual([]);
  });

  it("has the shape of an OpenAPI 3.1 document, every $ref resolving and every schema compiling", () => {
    const check = newAjv().compile(DOCUMENT_SHAPE);
    expect(check(document) ? [] : check.errors).toEqual([]);
    const text = JSON.stringify(document);
    for (const [, ref] of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = ref.split("/").reduce<any>((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
      expect(target, ref).toBeDefined();
    }
    const ajv = newAjv();
    const operationIds = new Set<string>();
    const declaredTags = new Set(document.tags.map((tag: { name: string }) => tag.name));
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
      for (const method of METHODS.filter((each) => item[each])) {
        const operation = item[method];
        expect(operationIds.has(operation.operationId), operation.operationId).toBe(false);
        operationIds.add(operation.operationId);
        expect(operation.summary, `${method} ${path} has a summary`).toBeTruthy();
        expect(declaredTags.has(operation.tags?.[0]), `${method} ${path} tag ${operation.tags}`).toBe(true);
        // Every {name} of the path is a path parameter of the operation.
        const inPath = (operation.parameters ?? []).filter((parameter: Json) => parameter.in === "path").map((parameter: Json) => parameter.name);
        expect(inPath.sort(), `${method} ${path}`).toEqual([...templated].sort());
        for (const parameter of operation.parameters ?? []) ajv.compile({ ...parameter.schema, components: document.components });
        for (const media of Object.values<Json>(operation.requestBody?.content ?? {})) ajv.compile({ ...media.schema, components: document.components });
      }
    }
    expect(document.servers).toEqual([{ url: "http://acme.localhost" }]);
    expect(document.paths["/api/{org}/profile"].get.parameters.find((parameter: Json) => parameter.name === "org").description).toMatch(/slug/);
  });

  it("lists each path once, under one template, where the routes of its methods name a parameter differently", () => {
    const shapes = Object.keys(document.paths).map(shapeOf);
    expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([]);
    // GET /initiative/:slug and PUT /initiative/:id: one path, its parameter named by both names.
    expect(document.paths["/api/{org}/initiative/{slug}"]).toBeUndefined();
    expect(document.paths["/api/{org}/initiative/{id}"]).toBeUndefined();
    const initiative = document.paths["/api/{org}/initiative/{slug_or_id}"];
    expect(Object.keys(initiative).sort()).toEqual(["delete", "get", "put"]);
    const parameter = (method: string) => initiative[method].parameters.find((each: Json) => each.in === "path" && each.name === "slug_or_id");
    expect(parameter("get").description).toMatch(/takes the `slug`/);
    expect(parameter("put").description).toMatch(/takes the `id`/);
    expect(Object.keys(document.paths["/api/{org}/exports/{kind_or_id}"]).sort()).toEqual(["get", "post"]);
  });

  it("documents a validated route's body and the message keys its fields can answer, from the route's own schema", () => {
    const login = document.paths["/auth/login"].post;
    const body = login.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(login.responses["400"]["x-message-keys"].email).toContain("form_error_required");
    expect(login.responses["400"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(login.responses["401"]["x-error-codes"]).toEqual(["password_not_set", "wrong_password"]);
  });

  it("documents the proposal's body by its fixed shape, and says which of its rules are the organisation's", () => {
    const send = document.paths["/api/{org}/proposal"].post.requestBody;
    const schema = send.content["application/json"].schema;
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(expect.arrayContaining(["type", "title", "description"]));
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["type", "title", "description", "start_time", "end_time", "is_in_person", "address", "latitude", "longitude", "is_remote", "remote_url", "sdgs", "competences", "help_organize", "max_participants"]),
    );
    expect(schema.properties.sdgs.type).toBe("array");
    expect(send.description).toMatch(/allowedTypes.*maxSdgs.*canOverrideDateLimits.*memberCompetences/);
  });

  it("is public and cached", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await json(res)).servers).toEqual([{ url: "http://localhost" }]);
  });
});

describe("real answers validate against the documented schemas", () => {
  it("a list: my initiatives", async () => {
    const res = await call("GET", "/api/acme/initiative", { token });
    const body = await json(res);
    expect([res.status, body.initiatives.length]).toEqual([200, 1]);
    expect(errorsOf("get", "/api/{org}/initiative", 200, body)).toEqual([]);
  });

  it("a session: the sign-in's answer", () => {
    expect(errorsOf("post", "/auth/login", 200, session)).toEqual([]);
  });

  it("a keyset page: the integration API's members, with an API key", async () => {
    const res = await call("GET", "/api/acme/integration/v1/members?limit=1", { token: apiKey });
    const body = await json(res);
    expect([res.status, body.data.length, typeof body.next_cursor]).toEqual([200, 1, "string"]);
    expect(errorsOf("get", "/api/{org}/integration/v1/members", 200, body)).toEqual([]);
  });

  it("a detail: one initiative, and an organisation's profile", async () => {
    const detail = await call("GET", `/api/acme/initiative/${initiative.slug}`, { token });
    expect(detail.status).toBe(200);
    expect(errorsOf("get", "/api/{org}/initiative/{slug_or_id}", 200, await json(detail))).toEqual([]);
    const profile = await call("GET", "/api/organization/profile/acme");
    expect(profile.status).toBe(200);
    expect(errorsOf("get", "/api/organization/profile/{slug}", 200, await json(profile))).toEqual([]);
  });

  it("a 400 with fields", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "not-an-address" } });
    const body = await json(res);
    expect([res.status, body.error, Object.keys(body.fields).sort()]).toEqual([400, "validation_error", ["email", "password"]]);
    expect(errorsOf("post", "/auth/login", 400, body)).toEqual([]);
    // Each key the answer gave is one the document lists for its field.
    const keys = document.paths["/auth/login"].post.responses["400"]["x-message-keys"];
    for (const [field, key] of Object.entries(body.fields)) expect(keys[field], field).toContain(key);
  });

  it("a 404", async () => {
    const res = await call("GET", "/api/organization/profile/no-such-org");
    const body = await json(res);
    expect([res.status, body.error]).toEqual([404, "organization_not_found"]);
    expect(errorsOf("get", "/api/organization/profile/{slug}", 404, body)).toEqual([]);
    expect(document.paths["/api/organization/profile/{slug}"].get.responses["404"]["x-error-codes"]).toContain(body.error);
  });

  it("and a wrong answer would not: the schemas are not empty", () => {
    expect(errorsOf("get", "/api/{org}/initiative", 200, { initiatives: [{ id: 1 }] })).not.toEqual([]);
    expect(errorsOf("get", "/api/organization/profile/{slug}", 404, { message: "no code" })).not.toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("renders the reference as HTML without scripts, grouped by tag, with parameters, bodies, answers and error keys", async () => {
    const res = await call("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    // The app's CSP applies: no script runs, and none is needed.
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link[^>]+stylesheet|https?:\/\/(?!localhost)[^"\s<]+\.(js|css)/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h2 id="tag-Auth">Auth</h2>');
    expect(html).toContain('<h2 id="tag-SCIM">SCIM</h2>');
    expect(html).toContain("<code>/api/{org}/initiative/{slug_or_id}</code>");
    expect(html).toContain("<caption>Parameters</caption>");
    expect(html).toContain("<code>wrong_password</code>");
    expect(html).toContain("Message keys by field:");
    expect(html).toContain("<code>form_error_required</code>");
    // The error shape once, and a referenced answer schema spelled out under its operation.
    expect(html).toContain('<h2 id="schema-Error"><code>Error</code></h2>');
    expect(html).toContain("<code>participant_status</code>");
  });
});
