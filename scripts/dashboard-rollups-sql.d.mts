/** Types of scripts/dashboard-rollups-sql.mjs for the tests that import it. */
export declare const REBUILD_DASHBOARD_ROLLUPS: string[];
