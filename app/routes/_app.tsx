import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { RouteErrorBoundary } from "~/components/error-page";
import { ServiceWorker } from "~/components/push/service-worker";
import { AppShell } from "~/components/shell/app-shell";
import { TermsModal } from "~/components/shell/terms-modal";
import { contactEmail, loadMember, navigationFor, socialNetworksFor } from "~/lib/server/member.server";
import { onboardingWizard } from "~/lib/server/onboarding.server";
import { phoneRequired } from "~/domain/phone";

// The wizard and its forms (phone rules, the preference schemas) load only for a member it shows to.
const OnboardingWizard = lazy(() => import("~/components/onboarding/onboarding-wizard").then((module) => ({ default: module.OnboardingWizard })));

/** Every signed-in page: the member, their organisation, the navigation and pending terms. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, organization, profile } = await loadMember({ request, context });
  const pendingTerms = !profile.last_terms_accepted
    ? { kind: "platform" as const, url: profile.last_terms_and_conditions_url }
    : !profile.org_last_terms_accepted && organization.org_terms_version > 0
      ? { kind: "organization" as const, url: organization.org_terms_url }
      : null;
  return {
    member: { name: profile.name || user.name, avatar: profile.avatar },
    organization: {
      name: organization.organization_name,
      logo: organization.organization_logo,
      logoSmall: organization.organization_logo_small,
    },
    nav: navigationFor(organization, user.organizations[0]?.role),
    contactEmail: contactEmail(organization),
    pendingTerms,
    // After the terms: the steps of the organisation's onboarding the member has not filled in.
    onboarding: await onboardingWizard(request, organization, profile, pendingTerms !== null),
    // The chat launcher (app/components/chat): on when the organisation has chat and the member is not a system account.
    chat: {
      enabled: organization.product_config.community.features.chat && profile.role !== "system",
      memberId: user.id,
      orgSlug: organization.organization_slug,
    },
    // Maps read their basemap here (BASEMAP_URL, read once in workers/maps.ts; docs/maps.md).
    basemapUrl: context.maps.basemap.url,
    // What the settings screens show: loaded here once, not again by each child route.
    settings: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone ?? "",
      region: organization.region,
      phoneRequired: phoneRequired(organization.product_config.community),
      language: profile.language,
      commercialCommsAccepted: profile.commercial_comms_accepted,
      participationEmails: profile.participation_emails,
      social: profile.social,
      networks: socialNetworksFor(organization),
      platformTerms: profile.last_terms_and_conditions_url,
      volunteeringTerms: organization.org_terms_url,
    },
  };
}

export default function SignedIn() {
  const { member, organization, nav, contactEmail, pendingTerms, onboarding, chat } = useLoaderData<typeof loader>();
  const modal = pendingTerms !== null || onboarding !== null;
  return (
    <>
      <div {...(modal ? { inert: "" } : {})} aria-hidden={modal ? true : undefined}>
        <AppShell organization={organization} member={member} nav={nav} contactEmail={contactEmail}>
          <Outlet />
        </AppShell>
      </div>
      <ServiceWorker viewer={`${chat.orgSlug}:${chat.memberId}`} />
      {pendingTerms ? <TermsModal kind={pendingTerms.kind} url={pendingTerms.url} organization={organization.name} /> : null}
      {onboarding ? (
        <Suspense fallback={null}>
          <OnboardingWizard key={onboarding.step} wizard={onboarding} organization={organization.name} />
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
