/** Where a member's avatar is served (Bearer or the web session), or null without one. */
export const avatarUrl = (memberId: string, avatarKey: string | null) => (avatarKey ? `/api/files/avatar/${memberId}` : null);
