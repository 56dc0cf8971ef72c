/**
 * PUT /dev/dns/txt/{name} `{ values: [...] }`: sets the TXT strings the local fake DNS answers for
 * `name` (workers/dns/fake.ts), so a custom hostname can be verified without real DNS in
 * development and in the browser tests. An empty list clears them. 404 in production, as all /dev.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { setFakeTxt } from "../dns/fake";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";

const Values = v.strictObject({ values: v.pipe(v.array(v.pipe(v.string(), v.maxLength(255))), v.maxLength(10)) });

export const devDnsRoutes = new Hono<AppEnv>().put("/txt/:name", validate("json", Values), async (c) => {
  await setFakeTxt(c.env.ORG_CACHE, c.req.param("name"), c.req.valid("json").values);
  return c.body(null, 204);
});
