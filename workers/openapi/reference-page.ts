/**
 * /api/docs: the OpenAPI document as one server-rendered HTML page (docs/api/openapi.md). No script,
 * no font or stylesheet from elsewhere: it works offline and under the app's CSP (inline styles are
 * allowed, scripts are not needed). Operations grouped by tag, each with its parameters, body,
 * answers, error codes and message keys. Developer documentation, in English as docs/ is.
 */
import type { OpenApiDocument } from "./document";

type Json = Record<string, unknown>;

const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Inline `code` of the document's descriptions, and nothing else of Markdown. */
const prose = (text: unknown) => escapeHtml(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"] as const;

const anchorOf = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-+$/, "");

/** A schema as one line: its type, with what an object or a list holds shown nested below. */
function typeOf(schema: Json): string {
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "";
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) return (schema[key] as Json[]).map(typeOf).join(" | ");
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as Json[]).map(typeOf).join(" & ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type as string | undefined);
  if (type === "array" && schema.items) return `array of ${typeOf(schema.items as Json)}`;
  const format = schema.format ? ` (${schema.format})` : "";
  return (type ?? "any") + format;
}

const LIMITS = ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "pattern"] as const;

function limitsOf(schema: Json): string {
  const limits = LIMITS.filter((key) => schema[key] !== undefined).map((key) => `${key} ${escapeHtml(schema[key])}`);
  return limits.length ? ` <span class="limits">${limits.join(", ")}</span>` : "";
}

type Schemas = Record<string, Json>;

/** A `#/components/schemas/...` reference as the schema it names. */
const resolved = (schema: Json, schemas: Schemas): Json => (typeof schema.$ref === "string" ? (schemas[schema.$ref.split("/").pop()!] ?? schema) : schema);

/** The properties of an object schema (or of what a list holds), as a nested list, a few levels deep. */
function schemaHtml(given: Json | undefined, schemas: Schemas, depth = 0): string {
  if (!given || depth > 4) return "";
  const schema = resolved(given, schemas);
  const inner = resolved(schema.type === "array" && schema.items ? (schema.items as Json) : schema, schemas);
  const parts = [inner, ...((inner.anyOf ?? inner.oneOf ?? inner.allOf ?? []) as Json[])];
  const items: string[] = [];
  for (const part of parts) {
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((part.properties as Record<string, Json> | undefined) ?? {})) {
      const description = property.description ? ` — ${prose(property.description)}` : "";
      items.push(
        `<li><code>${escapeHtml(name)}</code>: ${escapeHtml(typeOf(property))}${required.has(name) ? " <strong>required</strong>" : ""}${limitsOf(property)}${description}${schemaHtml(property, schemas, depth + 1)}</li>`,
      );
    }
  }
  return items.length ? `<ul>${items.join("")}</ul>` : "";
}

function parametersHtml(parameters: Json[], components: Json): string {
  if (!parameters.length) return "";
  const rows = parameters.map((given) => {
    const parameter = typeof given.$ref === "string" ? ((components.parameters as Json)?.[given.$ref.split("/").pop()!] as Json) ?? given : given;
    const schema = (parameter.schema as Json | undefined) ?? {};
    return `<tr><th scope="row"><code>${escapeHtml(parameter.name)}</code></th><td>${escapeHtml(parameter.in)}</td><td>${escapeHtml(typeOf(schema))}${limitsOf(schema)}</td><td>${parameter.required ? "yes" : "no"}</td><td>${prose(parameter.description ?? "")}</td></tr>`;
  });
  return `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function contentHtml(content: Json | undefined, schemas: Schemas): string {
  return Object.entries(content ?? {})
    .map(([media, value]) => {
      const schema = (value as Json).schema as Json | undefined;
      const shape = schema && Object.keys(schema).length ? ` ${escapeHtml(typeOf(schema))}` : "";
      return `<p><code>${escapeHtml(media)}</code>${shape}</p>${schemaHtml(schema, schemas)}`;
    })
    .join("");
}

/** An error in the API's one error shape (or SCIM's), said once at the top rather than under every answer. */
const isErrorShape = (content: Json | undefined) =>
  Object.values(content ?? {}).every((media) => /^#\/components\/schemas\/(Error|ScimError)$/.test(String(((media as Json).schema as Json | undefined)?.$ref)));

function messageKeysHtml(keys: Record<string, string[]> | undefined): string {
  if (!keys || !Object.keys(keys).length) return "";
  const items = Object.entries(keys).map(([field, list]) => `<li><code>${escapeHtml(field)}</code>: ${list.map((key) => `<code>${escapeHtml(key)}</code>`).join(", ")}</li>`);
  return `<p>Message keys by field:</p><ul>${items.join("")}</ul>`;
}

function schemaSection(name: string, components: Json): string {
  const schemas = (components.schemas as Schemas | undefined) ?? {};
  return schemas[name] ? `<h2 id="schema-${name}"><code>${name}</code></h2>${schemaHtml(schemas[name], schemas)}` : "";
}

function operationHtml(method: string, path: string, operation: Json, components: Json): string {
  const schemas = (components.schemas as Schemas | undefined) ?? {};
  const security = (operation.security as Json[] | undefined) ?? [];
  const caller = security.length ? security.flatMap((entry) => Object.keys(entry)).join(" or ") : "none";
  const body = operation.requestBody as Json | undefined;
  const responses = Object.entries((operation.responses as Record<string, Json>) ?? {}).map(
    ([status, answer]) =>
      `<li><strong>${escapeHtml(status)}</strong> ${prose(answer.description ?? "")}${isErrorShape(answer.content as Json) ? "" : contentHtml(answer.content as Json, schemas)}${messageKeysHtml(answer["x-message-keys"] as Record<string, string[]>)}</li>`,
  );
  return `<section class="operation" id="${anchorOf(method, path)}" aria-labelledby="${anchorOf(method, path)}-title">
<h3 id="${anchorOf(method, path)}-title"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(operation.summary ?? "")}</p>${operation.description ? `<p>${prose(operation.description)}</p>` : ""}
<p class="auth">Credentials: ${escapeHtml(caller)}</p>
${parametersHtml((operation.parameters as Json[]) ?? [], components)}
${body ? `<h4>Body</h4>${body.description ? `<p>${prose(body.description)}</p>` : ""}${contentHtml(body.content as Json, schemas)}` : ""}
<h4>Answers</h4><ul class="answers">${responses.join("")}</ul>
</section>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#111827;line-height:1.5}
header,main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem}nav ul{columns:2;padding-left:1.25rem}
h2{border-bottom:1px solid #d1d5db;padding-top:1rem}h3{font-size:1.05rem;margin-bottom:.25rem}
.operation{border:1px solid #e5e7eb;border-radius:.5rem;padding:0 1rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700;color:#1f2937}code{font-size:.9em;background:#f3f4f6;padding:0 .2em;border-radius:.2em}
table{border-collapse:collapse;width:100%;margin:.5rem 0}caption{text-align:left;font-weight:600}th,td{border:1px solid #e5e7eb;padding:.25rem .5rem;text-align:left;vertical-align:top}
.limits,.auth{color:#4b5563}a{color:#1d4ed8}`;

/** The reference page of `document`. */
export function referencePage(document: OpenApiDocument): string {
  const spec = document as unknown as Json;
  const components = (spec.components as Json) ?? {};
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item] of Object.entries((spec.paths as Record<string, Json>) ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const tag = ((operation.tags as string[] | undefined) ?? ["Other"])[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation, components)]);
      contents.set(tag, [...(contents.get(tag) ?? []), `<li><a href="#${anchorOf(method, path)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`]);
    }
  }
  const tags = [...((spec.tags as { name: string; description?: string }[]) ?? []).map((tag) => tag.name), ...[...byTag.keys()].sort()].filter(
    (name, index, all) => byTag.has(name) && all.indexOf(name) === index,
  );
  const described = new Map(((spec.tags as { name: string; description?: string }[]) ?? []).map((tag) => [tag.name, tag.description]));
  const info = spec.info as Json;
  const tagId = (tag: string) => `tag-${tag.replace(/[^A-Za-z0-9]+/g, "-")}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(info.title)} reference</h1><p>${prose(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(spec.openapi)}). Errors are <code>Error</code> below (SCIM's: <code>ScimError</code>).</p>
${schemaSection("Error", components)}${schemaSection("ScimError", components)}</header>
<main><nav aria-label="Contents"><h2>Contents</h2><ul>${tags.map((tag) => `<li><a href="#${tagId(tag)}">${escapeHtml(tag)}</a> (${byTag.get(tag)!.length})</li>`).join("")}</ul></nav>
${tags
  .map(
    (tag) =>
      `<section aria-labelledby="${tagId(tag)}"><h2 id="${tagId(tag)}">${escapeHtml(tag)}</h2>${described.get(tag) ? `<p>${prose(described.get(tag))}</p>` : ""}
<details><summary>Operations</summary><ul>${contents.get(tag)!.join("")}</ul></details>${byTag.get(tag)!.join("\n")}</section>`,
  )
  .join("\n")}
</main></body></html>`;
}
