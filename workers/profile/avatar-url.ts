/**
 * Where a member's avatar is served, or null without one: `/media/avatars/{file}` on the
 * organisation's host (workers/profile/avatar.ts), a new name for every picture, so it is cached for
 * a year and Bearer clients read it like any image. The stored key is that file name.
 */
export const avatarUrl = (_memberId: string, avatarKey: string | null) => (avatarKey ? `/media/avatars/${avatarKey}` : null);
