/** Shapes shared by the sign-up routes' actions and components (no server code here). */

/** An API refusal as the page shows it (SPEC.md section 8). */
export interface SignupFailure {
  status: number;
  code: string;
  email: string;
  /** The sign-in page for this e-mail, going on where the sign-up link led (app/lib/signed-out.ts). */
  signin?: string;
}

/** What a sign-up step's action answers when it does not move on. */
export interface StepResult {
  errors?: Record<string, string>;
  failure?: SignupFailure;
  resent?: boolean;
  resendFailure?: { status: number; code: string };
  /** The first step's answers, so a page rendered without JavaScript keeps what was typed. */
  values?: { name: string; email: string; agreeComms: boolean };
}

/**
 * Why the first step shows no form: the organisation takes no new accounts (disabled), or is not
 * public and was reached without its link, with no e-mail domain or SSO that could admit anyone.
 */
export type SignupClosed = "disabled" | "invitation_required";

/** An organisation as the sign-up journey shows it. */
export interface DraftOrganization {
  name: string;
  logo: string | null;
}

export interface SignupOrganization {
  slug: string;
  name: string;
  logo: string | null;
  logo_small: string | null;
  region: string;
}

/** Where the platform terms are read (SPEC.md section 2: the accept-terms checkbox links to them). */
export const PLATFORM_TERMS_URL = "/terms";
