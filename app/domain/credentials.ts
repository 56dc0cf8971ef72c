/**
 * Verifiable credentials (issue 32; docs/credentials.md): what the Worker that issues them and the
 * pages that show them share. A credential's id is sixteen characters of the certificates'
 * alphabet, so /verify/{id} tells it from a social CV certificate's ten.
 */
export const CREDENTIAL_ID_PATTERN = /^[2-9a-kmnp-z]{16}$/;

/** What checking a credential can find, from best to worst: the verify page says it in words. */
export const VERIFICATION_STATES = ["authentic", "revoked", "expired", "invalid"] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Why a credential was withdrawn: by its holder, by a newer one (the hours changed), or because its hours no longer count. */
export const CREDENTIAL_REVOCATION_REASONS = ["member", "superseded", "staff"] as const;
export type CredentialRevocationReason = (typeof CREDENTIAL_REVOCATION_REASONS)[number];

/** The largest credential a person may paste or upload to check (a JWS of ours is a few KB). */
export const MAX_UPLOADED_CREDENTIAL_LENGTH = 60_000;

/**
 * LinkedIn's "add to profile" address for a certification (its documented startTask form): the
 * credential's name, the organisation, the issue month and the public verify link.
 */
export function linkedInAddToProfileUrl(input: { name: string; organization: string; issuedAt: string; verifyUrl: string; id: string }): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: input.name,
    organizationName: input.organization,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.verifyUrl,
    certId: input.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
