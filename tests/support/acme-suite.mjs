/**
 * The set-up every browser test file shares: one server (a fresh local D1, see server.mjs) and one
 * Chromium for the whole file, both started before its first test and stopped after its last.
 *
 *   const suite = useAcmeSuite();
 *   test("…", () => withPage(suite.browser, {}, async (page) => page.goto(`${suite.acme}/wall`)));
 *
 * The fields are filled in by the `before` hook, so read them inside tests and hooks, not at load.
 * A file with more to start (an identity provider) passes `setUp`, run once the server and the
 * browser are up, and `tearDown`, run with their stopping: a second root `before` of its own
 * could run before this one has finished. `throughEdge` serves the file through an edge in front of
 * the upstream (issue 16; server.mjs startEdgeAndUpstream), as COMMONS_THROUGH_EDGE=1 does for any file.
 * Under `npm run test:browser` and `test:edge` the files use the servers the runner started
 * (scripts/e2e-tests.mjs); `ownServer` asks for a server of the file's own all the same.
 */
import { after, before } from "node:test";
import { launchBrowser } from "./browser.mjs";
import { sharedEdgeAndUpstream, sharedServer, startEdgeAndUpstream, startServer } from "./server.mjs";

/**
 * @typedef {{ server: Awaited<ReturnType<typeof startServer>>, browser: import("playwright-core").Browser, acmeHost: string, acme: string }} AcmeSuite
 * `acme` is the demo organisation's origin (its custom hostname, acme.localhost, which Chromium
 * resolves to loopback), `acmeHost` its Host header.
 */

/**
 * @param {{ setUp?: (suite: AcmeSuite) => Promise<void>, tearDown?: () => Promise<unknown> | undefined, throughEdge?: boolean, ownServer?: boolean }} [hooks]
 * @returns {AcmeSuite}
 */
export function useAcmeSuite({ setUp, tearDown, throughEdge = process.env.COMMONS_THROUGH_EDGE === "1", ownServer = false } = {}) {
  const suite = { server: undefined, browser: undefined, acmeHost: "", acme: "" };
  before(async () => {
    const shared = ownServer ? null : throughEdge ? sharedEdgeAndUpstream() : sharedServer();
    const server = shared ?? (throughEdge ? startEdgeAndUpstream() : startServer());
    [suite.server, suite.browser] = await Promise.all([server, launchBrowser()]);
    suite.acmeHost = `acme.localhost:${suite.server.port}`;
    suite.acme = `http://${suite.acmeHost}`;
    await setUp?.(suite);
  });
  after(async () => {
    await Promise.allSettled([Promise.resolve().then(tearDown), suite.browser?.close(), suite.server?.stop()]);
  });
  return suite;
}
