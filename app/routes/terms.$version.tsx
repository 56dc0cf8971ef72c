import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/error-page";
import { TermsPage, termsMeta } from "~/components/terms/terms-page";
import { loadTerms } from "~/lib/server/terms.server";

export const meta = termsMeta;

/** One version of the platform terms (`/terms/v1`: the url the profile's last_terms_and_conditions_url gives). */
export const loader = (args: LoaderFunctionArgs) => loadTerms(args.request, args.params.version ?? "");

export default TermsPage;

export const ErrorBoundary = RouteErrorBoundary;
