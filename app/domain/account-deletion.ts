/**
 * How long an account whose deletion was asked for waits before it is erased (issue 28, point 6;
 * docs/decisions/030): signing in within this time keeps it. One number for the Worker's sweep and
 * the Settings page that announces it.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;
