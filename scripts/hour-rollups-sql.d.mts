/** Types of scripts/hour-rollups-sql.mjs for the tests that import it. */
export declare const REBUILD_HOUR_ROLLUPS: string[];
