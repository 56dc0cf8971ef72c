/** Types of scripts/org-create-sql.mjs for the tests that import it. */
export declare const SLUG: RegExp;
export declare const HOSTNAME: RegExp;
export declare function problemsOf(options: { slug?: string; name?: string; hostname?: string; adminEmail?: string }): string[];
export declare function buildOrgSql(options: { slug: string; name: string; hostname?: string; adminEmail: string; region?: string; now?: number }): {
  orgId: string;
  statements: string[];
  token: string;
};
