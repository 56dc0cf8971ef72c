/**
 * The web app's side of attachments. The browser holds no Bearer token, so its uploads, deletes
 * and downloads go through the resource routes app/routes/files.$slug.$kind(.$id).tsx, which call
 * the API as the member (memberApi / memberFetch: refresh and retry on 401 in one place).
 * Answers are JSON for fetchers (JavaScript) and a redirect back to the page for plain forms.
 * Free of the Remix runtime, so the Worker tests can call it.
 */
import type { Attachment } from "~/domain/initiatives";
import { localPath } from "~/domain/same-origin";
import { memberCall, memberFetch, pathParam, readResult, type ApiArgs, type ApiResult } from "./api.server";
import { ATTACHMENT_MAX_BYTES, isAttachmentKind, type AttachmentKind } from "~/domain/attachments";
import { readUploadBody } from "~/domain/upload-body";
import { memberOrgSlug } from "./member.server";
import { wantsPage } from "./form.server";

export interface FileParams {
  slug: string;
  kind: AttachmentKind;
}

/** The route's `slug` and `kind`, or a 404 for anything else. */
export function fileParams(params: Record<string, string | undefined>): FileParams {
  const { slug, kind } = params;
  if (!slug || !isAttachmentKind(kind)) throw new Response("Not found", { status: 404 });
  return { slug, kind };
}

async function apiPath(args: ApiArgs, { slug, kind }: FileParams, rest = "") {
  return `/api/${await memberOrgSlug(args)}/initiative/${encodeURIComponent(slug)}/attachment/${kind}${rest}`;
}

/** The typed client's path parameters of a file route. */
async function fileParam(args: ApiArgs, { slug, kind }: FileParams) {
  return { org: pathParam(await memberOrgSlug(args)), slug: pathParam(slug), kind };
}

export async function listAttachments(args: ApiArgs, file: FileParams) {
  const param = await fileParam(args, file);
  return memberCall(args, (api) => api.api[":org"].initiative[":slug"].attachment[":kind"].$get({ param, query: {} }));
}

export async function deleteAttachment(args: ApiArgs, file: FileParams, id: string) {
  const param = { ...(await fileParam(args, file)), id: pathParam(id) };
  return memberCall(args, (api) => api.api[":org"].initiative[":slug"].attachment[":kind"][":id"].$delete({ param }));
}

const failure = (status: number, error: string, message: string, fields?: Record<string, string>): ApiResult<never> => ({
  ok: false,
  status,
  error: fields ? { error, message, fields } : { error, message },
});

/**
 * Reads the browser's multipart form (field `file`, optional `filename`) and hands the file to
 * the API, which checks type and size for real. An oversized body is refused before it is read.
 * Answers the form too (null when it was not read), for its `redirectTo`.
 */
export async function uploadAttachment(args: ApiArgs, file: FileParams): Promise<{ result: ApiResult<Attachment>; form: FormData | null }> {
  const max = ATTACHMENT_MAX_BYTES[file.kind];
  const tooLarge = failure(413, "file_too_large", "The file is too large.", { file: "attachments_error_too_large" });
  const body = await readUploadBody(args.request, file.kind);
  if (!body.ok) {
    const result = body.reason === "too_large" ? tooLarge : failure(400, "invalid_multipart", "Send the file in the field `file`.", { file: "attachments_error_required" });
    return { result, form: null };
  }
  const form = body.form;
  const upload = form.get("file");
  if (!upload || typeof upload === "string" || upload.size === 0) {
    return { result: failure(400, "validation_error", "Send the file in the field `file`.", { file: "attachments_error_required" }), form };
  }
  if (upload.size > max) return { result: tooLarge, form };
  const named = form.get("filename");
  const filename = typeof named === "string" && named.trim() ? named.trim() : upload.name;
  // A FormData body can be sent twice, which memberFetch's retry after a refresh needs.
  const forward = new FormData();
  forward.append("file", upload, filename);
  const path = await apiPath(args, file, `?filename=${encodeURIComponent(filename)}`);
  return { result: await readResult<Attachment>(await memberFetch(args, "POST", path, { body: forward })), form };
}

/** The browser's conditional request headers, which the API evaluates (RFC 9110). */
const CONDITIONAL_HEADERS = ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/** Headers of the API's download answer that the browser gets too. */
const DOWNLOAD_HEADERS = ["content-type", "content-length", "content-disposition", "etag", "cache-control", "x-content-type-options", "last-modified"];

/**
 * The file streamed from the API to the browser, with the API's safe headers (type, disposition,
 * nosniff, private caching). Conditional requests pass through, so a cached image answers 304
 * and a stale If-Match 412.
 * Whatever the member may not see is a plain 404.
 */
export async function downloadAttachment(args: ApiArgs, file: FileParams, id: string): Promise<Response> {
  const conditional: Record<string, string> = {};
  for (const name of CONDITIONAL_HEADERS) {
    const value = args.request.headers.get(name);
    if (value !== null) conditional[name] = value;
  }
  const response = await memberFetch(args, "GET", await apiPath(args, file, `/${encodeURIComponent(id)}/download`), { headers: conditional });
  if (response.status === 412) {
    return new Response("Precondition failed", { status: 412, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  if (response.status !== 200 && response.status !== 304) {
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const headers = new Headers();
  for (const name of DOWNLOAD_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("x-content-type-options", "nosniff");
  return new Response(response.status === 304 ? null : response.body, { status: response.status, headers });
}


/** Where a plain form returns: its `redirectTo` when that is a path of this site, else the initiative. */
export function returnPath(form: FormData | null, slug: string): string {
  return localPath(form?.get("redirectTo")) ?? `/initiative/${encodeURIComponent(slug)}`;
}

/**
 * A failure as fetchers need it: status 200 with `{ok: false, status, error, fields}`. Remix
 * turns a non-2xx Response of a loader or action into an error for the route's ErrorBoundary,
 * which would replace the page instead of showing the message in the upload dialog.
 */
export const fetcherFailure = (result: Extract<ApiResult<unknown>, { ok: false }>) =>
  Response.json({ ok: false, status: result.status, error: result.error.error, fields: result.error.fields ?? {} }, { headers: { "cache-control": "no-store" } });

/**
 * The answer of an upload or delete: JSON (`{ok: true, attachment?}`, or fetcherFailure) for
 * fetchers; for plain forms a 303 back, with `attachment_error={code}` when it failed so the page
 * can say why.
 */
export function fileActionAnswer(request: Request, result: ApiResult<unknown>, back: string): Response {
  if (wantsPage(request)) {
    const url = new URL(back, request.url);
    url.searchParams.delete("attachment_error");
    if (!result.ok) url.searchParams.set("attachment_error", result.error.error);
    return new Response(null, { status: 303, headers: { location: url.pathname + url.search + url.hash } });
  }
  if (!result.ok) return fetcherFailure(result);
  if (result.status === 204) return Response.json({ ok: true });
  return Response.json({ ok: true, attachment: result.data }, { status: result.status });
}
