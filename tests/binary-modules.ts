/**
 * Loads font files as their bytes in the test runs, as wrangler's Data rule does in the Worker
 * (wrangler.toml [[rules]]): the module's default export is an ArrayBuffer.
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

export function binaryModules(): Plugin {
  return {
    name: "commons-binary-modules",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0];
      if (!file.endsWith(".ttf")) return null;
      const base64 = readFileSync(file).toString("base64");
      return `const text = atob(${JSON.stringify(base64)});
const bytes = new Uint8Array(text.length);
for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
export default bytes.buffer;`;
    },
  };
}
