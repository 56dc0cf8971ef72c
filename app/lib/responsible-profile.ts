/** The social CV's answers as the screens use them (types only: the API defines them). */
import type { ResponsibleProfile } from "../../workers/social-cv/report";

/** GET /api/{org}/responsible_profile, as JSON. */
export type ResponsibleProfileData = ResponsibleProfile;

/** One of the member's certificates (GET .../responsible_profile/certificates). */
export interface CertificateSummary {
  id: string;
  created_at: string;
  revoked_at: string | null;
  hours: number;
  url: string;
  verify_url: string;
}
