/**
 * A browser request's D1, through the D1 Sessions API (docs/decisions/013-d1-sessions-and-bookmarks.md).
 * Every query of the request (its loaders, actions and in-process API calls) goes through one
 * binding that stands for a session:
 *
 * - it opens as "first-primary": the first query (a signed-in page's web identity batch, which
 *   checks the Auth session) sees every revocation at once;
 * - once the web session is known, reads follow the member's own bookmark, kept in the web session
 *   (web_sessions.bookmark): any replica that has the member's last write may answer;
 * - a request that wrote leaves its bookmark in the web session (`saveBookmark`), so the member's
 *   next request reads their own write wherever it runs.
 */
export interface RequestDatabase {
  /** The binding the request's code gets as `env.DB`. */
  binding: D1Database;
  /** Reads from now on need only be as fresh as this bookmark (the member's last write). */
  followBookmark(webSessionId: string, bookmark: string | null): void;
  /** When the request wrote: keeps its bookmark in the web session it followed. */
  saveBookmark(): Promise<void>;
}

const READ = /^\s*(select|with)\b/i;

export function requestDatabase(db: D1Database): RequestDatabase {
  let session: D1DatabaseSession = db.withSession("first-primary");
  let webSessionId: string | null = null;
  let wrote = false;
  const noteWrite = (sql: string) => {
    if (!READ.test(sql)) wrote = true;
  };
  const binding = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          noteWrite(sql);
          return session.prepare(sql);
        };
      }
      if (prop === "batch") return (statements: D1PreparedStatement[]) => session.batch(statements);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    binding,
    followBookmark(id, bookmark) {
      webSessionId = id;
      // Without a write of their own yet, the session opened on the primary is as fresh as needed.
      if (bookmark && !wrote) session = db.withSession(bookmark);
    },
    async saveBookmark() {
      const bookmark = session.getBookmark();
      if (!wrote || !webSessionId || !bookmark) return;
      await session.prepare("UPDATE web_sessions SET bookmark = ? WHERE id = ?").bind(bookmark, webSessionId).run();
    },
  };
}
