/** Types of scripts/impact-rollups-sql.mjs for the tests that import it. */
export declare const REBUILD_IMPACT_ROLLUPS: string[];
