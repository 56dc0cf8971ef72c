/**
 * The organisation's revocation list (W3C Bitstring Status List v1.0): the bits of its revoked
 * credentials, signed like the credentials themselves (VC-JOSE) with the key in use. Built from
 * the credentials table on each request, so a revocation counts from the moment it is written.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { organizationOrigin, type Tenant } from "../tenant/organizations";
import { encodeStatusList } from "./bitstring";
import { signCredential, statusListUrl } from "./issue";
import { issuerDid, signingKey } from "./keys";
import { statusListCredential } from "./open-badge";

const { credentials } = schema;

/** The status list credential of `org` as a compact JWS. */
export async function signedStatusList(env: Env, org: Tenant, now = Date.now()): Promise<string> {
  const revoked = await getDb(env)
    .select({ index: credentials.statusIndex })
    .from(credentials)
    .where(and(eq(credentials.orgId, org.id), isNotNull(credentials.revokedAt)));
  const url = statusListUrl(organizationOrigin(env, org));
  const did = issuerDid(env, org);
  const list = statusListCredential(url, did, encodeStatusList(revoked.map((row) => row.index)), now);
  return signCredential(did, await signingKey(env, org.id, now), { ...list, iss: did, jti: url, nbf: Math.floor(now / 1000) });
}
