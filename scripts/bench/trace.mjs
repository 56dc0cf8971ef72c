/**
 * `node scripts/bench/trace.mjs [path ...]`: which SQL each D1 round trip of a signed-in page runs,
 * through the bench's counting harness (the same member and data as `npm run bench`). Without
 * paths: /wall, the first unjoined initiative's page, and a join with the page it lands on. For
 * finding the trip to fold when a page goes over its round-trip budget.
 */
import { startServer } from "../../tests/support/server.mjs";
import { join, request, signIn, unjoined } from "./round-trips.mjs";

function print(label, sample) {
  console.log(`\n${label}: ${sample.response.status}, ${sample.counts.d1RoundTrips} round trips, ${sample.counts.d1RowsRead} D1 rows read, ${sample.counts.apiCalls} API calls`);
  sample.trips.forEach((sql, index) => console.log(`  ${index + 1}. ${sql}`));
}

const server = await startServer({ script: "scripts/bench/counting-worker.ts" });
try {
  const cookie = await signIn(server);
  const [first] = await unjoined(server);
  const paths = process.argv.slice(2);
  for (const path of paths.length ? paths : ["/wall", `/initiative/${first.slug}`]) {
    await request(server, path, { cookie }); // warm the isolate and the organisation cache
    print(`GET ${path}`, await request(server, path, { cookie, trace: true }));
  }
  if (!paths.length) {
    const joined = await join(server, cookie, await unjoined(server), { trace: true });
    print(`POST /initiative/${joined.slug} (join)`, joined.action);
    print("GET /initiative (where the join lands)", joined.landing);
  }
} finally {
  await server.stop();
}
