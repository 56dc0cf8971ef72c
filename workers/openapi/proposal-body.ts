/**
 * The body of POST /api/{org}/proposal for the OpenAPI document. Its rules are the organisation's
 * (which types it takes, how many SDGs, whether a start may lie in the past) and the member's (the
 * competences on their profile), so the route checks it by hand with the schema of those rules. Its
 * shape is the same everywhere: the very schema, built with the widest rules, describes it.
 */
import { INITIATIVE_TYPES, SDG_SLUGS } from "../../app/domain/initiatives/types";
import { proposalInputSchema } from "../../app/domain/proposals";
import { jsonSchemaOf } from "./validated-input";

export const PROPOSAL_BODY = jsonSchemaOf(
  proposalInputSchema({ allowedTypes: INITIATIVE_TYPES, maxSdgs: SDG_SLUGS.length, canOverrideDateLimits: true, todayStart: 0, memberCompetences: [] }),
);

export const PROPOSAL_BODY_RULES =
  "The fields and their types are fixed; these rules are the organisation's and the member's, and GET /api/{org}/proposal/draft answers them (`rules`): " +
  "`type` must be one of the organisation's proposal types (`allowedTypes`), `sdgs` holds at most `maxSdgs`, `start_time` may lie before today only where the organisation allows it (`canOverrideDateLimits`), " +
  "and `competences` only those on the member's profile (`memberCompetences`). Always: `start_time` and `end_time` both or neither, the end not before the start, an `address` when `is_in_person`, " +
  "`latitude` and `longitude` both or neither, a `remote_url` when `is_remote`.";
