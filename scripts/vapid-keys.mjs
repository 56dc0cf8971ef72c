// Prints a fresh VAPID key pair (RFC 8292; P-256) for web push (docs/decisions/046), in the form
// .dev.vars and `wrangler secret put` take: the public key as browsers need it (uncompressed point,
// base64url) and the private scalar d (base64url).
import { generateKeyPairSync } from "node:crypto";

const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const jwk = privateKey.export({ format: "jwk" });
const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]).toString("base64url");
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${jwk.d}`);
