/**
 * The impact report's screen (issue 30; docs/impact-reporting.md): its breakdowns and the rate card form's
 * fields, shared by the page and its server module (workers/impact/ checks the same values).
 */
export const IMPACT_GROUP_BYS = ["", "country", "site", "sdg", "cause", "motivation"] as const;
export const RATE_KEY_TYPES = ["default", "country", "site", "grade"] as const;
/** Empty rows the rate card form offers below the saved ones. */
export const NEW_RATE_ROWS = 2;
export const RATE_FIELDS = ["key_type", "key_value", "amount", "currency", "name", "source", "from_year", "to_year"] as const;
/** The most rows one import of members' country, site and grade takes (the API's limit, the screen's message). */
export const MEMBER_IMPORT_MAX = 5000;
/** An initiative's motivation class (B4SI "why"): the editor's choices and the schema's column. */
export const IMPACT_MOTIVATIONS = ["charitable_gift", "community_investment", "commercial_initiative"] as const;
export const DEFAULT_MOTIVATION = "community_investment";
