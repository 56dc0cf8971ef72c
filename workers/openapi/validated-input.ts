/**
 * What `validate(target, schema)` (workers/lib/validation.ts) tells the OpenAPI document: the
 * schema itself, marked the way hono-openapi finds a validator among a route's handlers, so a route's
 * parameters and body are described by the very schema that checks them. Also the message keys a
 * failed check can put in `fields`, read from the schema's own messages (docs/api/openapi.md).
 */
import type { ValidationTargets } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import type * as v from "valibot";

type Schema = v.GenericSchema | v.GenericSchemaAsync;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect), of what a client sends: before any transformation. */
const conversion = { options: { target: "draft-2020-12", typeMode: "input" } };

/** Where the message keys of a validated input are kept on its middleware. */
export const messageKeysSymbol = Symbol("message keys");

/** A key (letters, digits, "_"), as app/domain/field-errors.ts tells one from valibot's English default. */
const MESSAGE_KEY = /^[a-z0-9_]+$/i;

interface Walkable {
  type?: string;
  message?: unknown;
  pipe?: readonly Walkable[];
  entries?: Record<string, Walkable>;
  item?: Walkable;
  items?: readonly Walkable[];
  options?: readonly Walkable[];
  wrapped?: Walkable;
  value?: Walkable;
  rest?: Walkable;
}

const OPTIONAL = new Set(["optional", "exact_optional", "nullish", "undefinedable"]);

/** Every message key a schema can answer with, its own and its parts', in the order met. */
function keysOf(schema: Walkable, keys = new Set<string>()): Set<string> {
  const own = [schema, ...(schema.pipe ?? [])];
  for (const part of own) if (typeof part.message === "string" && MESSAGE_KEY.test(part.message)) keys.add(part.message);
  // A type error with valibot's default text becomes form_error_invalid (field-errors.ts).
  if (schema.message === undefined && schema.type && !OPTIONAL.has(schema.type)) keys.add("form_error_invalid");
  const parts = [
    ...Object.values(schema.entries ?? {}),
    ...(schema.items ?? []),
    ...(schema.options ?? []),
    ...(schema.pipe ?? []).filter((part) => (part as { kind?: string }).kind === "schema"),
  ];
  for (const part of [schema.item, schema.wrapped, schema.value, schema.rest, ...parts]) if (part) keysOf(part, keys);
  return keys;
}

/** Field → the message keys a failed check of `schema` can give it; "_" for the input as a whole. */
export function messageKeysOf(schema: Schema): Record<string, string[]> {
  const walkable = schema as unknown as Walkable;
  const objectSchema = [walkable, ...(walkable.pipe ?? [])].find((part) => part.entries);
  if (!objectSchema?.entries) return { _: [...keysOf(walkable)] };
  const fields: Record<string, string[]> = {};
  for (const [name, entry] of Object.entries(objectSchema.entries)) {
    const keys = keysOf(entry);
    // A missing key is reported by the object, not the field: "required" (field-errors.ts).
    if (!OPTIONAL.has(entry.type ?? "")) keys.add("form_error_required");
    fields[name] = [...keys].sort();
  }
  return fields;
}

/** `middleware`, carrying `schema` for the OpenAPI document. */
export function describedBy<M extends object>(target: keyof ValidationTargets, schema: Schema, middleware: M): M {
  return Object.assign(middleware, {
    [uniqueSymbol]: { target, ...resolver(schema, conversion), options: conversion },
    [messageKeysSymbol]: { target, keys: messageKeysOf(schema) },
  });
}

/** A valibot schema for `describeRoute`: a body a route reads by hand and checks with it, or an answer that has one. */
export const jsonSchemaOf = (schema: Schema) => resolver(schema, conversion);
