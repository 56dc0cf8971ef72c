/** Types of scripts/member-list-sql.mjs for the tests that import it. */
export declare const REBUILD_MEMBER_LIST: string[];
