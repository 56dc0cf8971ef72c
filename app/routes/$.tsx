import { RouteErrorBoundary } from "~/components/error-page";

/**
 * Any page no other route serves: a 404 thrown from a loader, so the root loader still runs and the
 * not-found page is translated and carries the CSP nonce for its scripts.
 */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
