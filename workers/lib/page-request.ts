/**
 * An API call a page makes in-process (the load context's `api`) belongs to the browser request
 * that rendered the page: security headers, the configuration check, the origin check and tenant
 * resolution already ran for it, and what it worked out (request id, CSP nonce, tenant, the memo of
 * checked sessions and memberships) is inherited instead of worked out again (issue 10, item 3).
 *
 * The mark is the Request object itself, in a WeakMap: nothing a client can send (a header, a
 * cookie) makes an external request look internal, so /api and /auth from outside still get it all.
 */
import type { Tenant } from "../tenant/organizations";
import type { RequestMemo } from "./request-memo";

export interface PageRequest {
  requestId: string;
  cspNonce: string;
  tenant: Tenant;
  memo: RequestMemo;
}

const pageRequests = new WeakMap<Request, PageRequest>();

/** Marks `request` as an in-process call made while rendering `page`; answers the same request. */
export function asPageCall(request: Request, page: PageRequest): Request {
  pageRequests.set(request, page);
  return request;
}

/** The browser request an in-process call belongs to; undefined for a request from outside. */
export const pageRequestOf = (request: Request): PageRequest | undefined => pageRequests.get(request);

/**
 * The memo a GET of a page's in-process call may read through; none for a write, which must read
 * back what it changed (the page forgets its memo after a write, request-memo.ts).
 */
export function readMemo(c: { req: { method: string }; var: { page?: PageRequest } }): RequestMemo | undefined {
  return c.req.method === "GET" ? c.var.page?.memo : undefined;
}
