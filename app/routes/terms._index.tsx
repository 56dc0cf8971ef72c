import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/error-page";
import { TermsPage, termsMeta } from "~/components/terms/terms-page";
import { loadTerms } from "~/lib/server/terms.server";

export const meta = termsMeta;

/** The current platform terms: what sign-up links to. */
export const loader = (args: LoaderFunctionArgs) => loadTerms(args.request, null);

export default TermsPage;

export const ErrorBoundary = RouteErrorBoundary;
