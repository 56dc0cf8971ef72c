/**
 * Which hours count (SPEC.md section 3; issues 13, 14 and 15): only records staff validated, or
 * hours granted to the member, of type `hours`. The ranking, the social CV and the certificate read
 * hours through this one condition, so their numbers always agree.
 */

/** SQL condition on a participation_records row aliased `r`: it is counted hours. */
export const COUNTED_HOURS = `r.type = 'hours' and r.status in ('validated', 'granted')`;

/** SQL condition on a participation_records row aliased `r`: it is a counted indicator value. */
export const COUNTED_INDICATORS = `r.type = 'indicator' and r.status in ('validated', 'granted')`;
