/**
 * Imports only go down (DESIGN.md): the Worker's server code never reaches into the web app except
 * for its pure rules (app/domain/) and its translations (app/i18n/locales/); the web app takes
 * only types from the Worker (the load context, the API's types); components hold UI only: no
 * server code, no network code. Scans the source as it is, so a new import that breaks the layers
 * fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const WORKER_MAY_IMPORT = ["app/domain/", "app/i18n/locales/"];
/**
 * The app/ modules that may load Worker code at run time: none. The web session and the payment
 * provider reach the web app through the load context (`context.webSessions`, `context.paymentProvider`).
 */
const APP_MAY_LOAD_WORKER_CODE: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** Every module a source text names: static imports and re-exports, side-effect and dynamic imports. */
function importedSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

/** The repository path a specifier points at (relative or `~/`), or null for a package. */
function resolvedPath(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (!specifier.startsWith(".")) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
}

/** The imports of a workers/ file that reach into app/ beyond its pure rules and translations. */
function workerViolations(file: string, source: string): string[] {
  return importedSpecifiers(source).filter((specifier) => {
    const target = resolvedPath(file, specifier);
    return target !== null && target.startsWith("app/") && !WORKER_MAY_IMPORT.some((allowed) => target.startsWith(allowed));
  });
}

/** A source text without its `import type` / `export type` statements (erased before bundling). */
const withoutTypeImports = (source: string) => source.replace(/^\s*(?:import|export)\s+type\b[^;]*;/gm, "");

/** The imports of an app/ file that load workers/ code at run time (a type-only import is fine). */
function appRuntimeWorkerImports(file: string, source: string): string[] {
  return importedSpecifiers(withoutTypeImports(source)).filter((specifier) => resolvedPath(file, specifier)?.startsWith("workers/"));
}

/** Network code a component would hold: fetch calls and WebSockets (they belong in app/lib/browser/ or app/lib/server/). */
const networkCode = (source: string) => [...source.matchAll(/\bfetch\s*\(|\bWebSocket\b/g)].map((match) => match[0]);

/**
 * The `.server` modules a components/ file loads at run time. An `import type` is erased before
 * bundling, so it never drags server code into the browser: a component may type its props with
 * a loader's answer (useLoaderData<typeof loadTerms>).
 */
function serverImports(source: string): string[] {
  return importedSpecifiers(withoutTypeImports(source)).filter((specifier) => /\.server(\.[jt]sx?)?$/.test(specifier));
}

describe("the import scanner", () => {
  it("catches a worker importing app code other than the domain and the locales", () => {
    const source = [
      'import { createWebSession } from "../../app/lib/web-session.server";',
      'import type { AttachmentKind } from "../../app/lib/attachments";',
      'import { memberName } from "../../app/domain/member-name";',
      'import en from "../../app/i18n/locales/en-US/common.json";',
      'const lazy = await import("../../app/routes/home");',
      'import { Hono } from "hono";',
    ].join("\n");
    expect(workerViolations("workers/auth/sso.ts", source)).toEqual(["../../app/lib/web-session.server", "../../app/lib/attachments", "../../app/routes/home"]);
  });

  it("catches a component loading a .server module, and lets a type-only import be", () => {
    const source = [
      'import type { loadTerms } from "~/lib/server/terms.server";',
      'import { savePreference } from "./preferences.server";',
      'import {\n  loadMember,\n  type MemberData,\n} from "~/lib/server/member.server";',
      'import { cn } from "~/lib/cn";',
    ].join("\n");
    expect(serverImports(source)).toEqual(["./preferences.server", "~/lib/server/member.server"]);
  });

  it("catches an app module loading Worker code, and lets a type-only import be", () => {
    const source = [
      'import type { PageContext } from "../workers/app";',
      'import { createWebSession, type ApiTokens } from "../../workers/auth/web-session";',
      'import { memberName } from "~/domain/member-name";',
    ].join("\n");
    expect(appRuntimeWorkerImports("app/lib/x.server.ts", source)).toEqual(["../../workers/auth/web-session"]);
  });

  it("catches network code in a component", () => {
    expect(networkCode('const r = await fetch("/chat/users");\nnew WebSocket(url);')).toEqual(["fetch(", "WebSocket"]);
    expect(networkCode("const fetcher = useFetcher(); fetcher.load(url);")).toEqual([]);
  });
});

describe("imports only go down", () => {
  it("workers/ imports nothing under app/ except app/domain/ and app/i18n/locales/", () => {
    const violations = sourceFiles("workers").flatMap((file) =>
      workerViolations(file, readFileSync(path.join(root, file), "utf8")).map((specifier) => `${file} imports ${specifier}`),
    );
    expect(violations).toEqual([]);
  });

  it("app/components/ holds no .server module and loads none", () => {
    const files = sourceFiles("app/components");
    expect(files.filter((file) => /\.server\.[jt]sx?$/.test(file))).toEqual([]);
    const violations = files.flatMap((file) => serverImports(readFileSync(path.join(root, file), "utf8")).map((specifier) => `${file} imports ${specifier}`));
    expect(violations).toEqual([]);
  });

  it("app/components/ holds no network code (fetch, WebSocket)", () => {
    const violations = sourceFiles("app/components").flatMap((file) => networkCode(readFileSync(path.join(root, file), "utf8")).map((code) => `${file}: ${code}`));
    expect(violations).toEqual([]);
  });

  it("app/ takes only types from workers/ (the load context, the API's types)", () => {
    const violations = sourceFiles("app")
      .filter((file) => !APP_MAY_LOAD_WORKER_CODE.includes(file))
      .flatMap((file) => appRuntimeWorkerImports(file, readFileSync(path.join(root, file), "utf8")).map((specifier) => `${file} imports ${specifier}`));
    expect(violations).toEqual([]);
  });
});

/** A source text without imports that bring only types (`import type`, or braces of `type` names only). */
const withoutAnyTypeOnlyImports = (source: string) =>
  withoutTypeImports(source).replace(/\bimport\s*\{([^}]*)\}\s*from\s*["'][^"']+["']/g, (statement, names: string) =>
    names.split(",").every((name) => !name.trim() || name.trim().startsWith("type ")) ? "" : statement,
  );

/** The source file a specifier names, tried with the extensions and index files of the project. */
function moduleFile(fromFile: string, specifier: string, files: Set<string>): string | null {
  const target = resolvedPath(fromFile, specifier);
  if (target === null) return null;
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`, target.replace(/\.js$/, ".ts")];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** The groups of modules that import each other in a circle (strongly connected, more than one). */
function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    order.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, order.get(target)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return circles;
}

describe("import circles", () => {
  it("the circle finder finds a circle and lets a chain be", () => {
    expect(importCircles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
    expect(importCircles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
    expect(withoutAnyTypeOnlyImports('import { type A, type B } from "./x";\nimport { c, type D } from "./y";')).not.toContain("./x");
  });

  it("no two modules of workers/ or app/ import each other, directly or round a circle", () => {
    const files = [...sourceFiles("workers"), ...sourceFiles("app")];
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => {
        const source = withoutAnyTypeOnlyImports(readFileSync(path.join(root, file), "utf8"));
        const targets = importedSpecifiers(source).map((specifier) => moduleFile(file, specifier, known));
        return [file, [...new Set(targets.filter((target): target is string => target !== null))]];
      }),
    );
    expect(importCircles(graph)).toEqual([]);
  });

  it("no two folders of workers/ import each other, directly or round a circle", () => {
    const files = sourceFiles("workers");
    const known = new Set([...files, ...sourceFiles("app")]);
    // A folder is one node (workers/auth); a module at the top of workers/ (app.ts, types.ts) is its own.
    const folderOf = (file: string) => (file.split("/").length > 2 ? file.split("/").slice(0, 2).join("/") : file);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const source = withoutAnyTypeOnlyImports(readFileSync(path.join(root, file), "utf8"));
      const folders = importedSpecifiers(source)
        .map((specifier) => moduleFile(file, specifier, known))
        .filter((target): target is string => target !== null && target.startsWith("workers/"))
        .map(folderOf)
        .filter((folder) => folder !== folderOf(file));
      graph.set(folderOf(file), [...new Set([...(graph.get(folderOf(file)) ?? []), ...folders])]);
    }
    expect(importCircles(graph)).toEqual([]);
  });
});

/**
 * app/lib/ by where its code runs (decision 060): server/ holds the .server modules (the API client,
 * the loaders' and actions' shared code), browser/ what runs only in the browser (fetch, WebSocket,
 * XMLHttpRequest, storage, service worker, canvas), and app/lib/ itself what runs on both (hooks, pure
 * helpers). What a module of one side may load at run time: never the other side's.
 */
type LibSide = "server" | "browser" | "shared";
const libSide = (file: string): LibSide | null =>
  file.startsWith("app/lib/server/") ? "server" : file.startsWith("app/lib/browser/") ? "browser" : /^app\/lib\/[^/]+$/.test(file) ? "shared" : null;
const MAY_NOT_LOAD: Record<LibSide, LibSide[]> = { server: ["browser"], browser: ["server"], shared: ["server", "browser"] };

/** The app/lib modules of the wrong side `file` loads at run time (type-only imports are erased). */
function libLayerViolations(file: string, source: string, known: Set<string>): string[] {
  const side = libSide(file);
  if (side === null) return [];
  return importedSpecifiers(withoutAnyTypeOnlyImports(source)).filter((specifier) => {
    const target = moduleFile(file, specifier, known);
    const targetSide = target === null ? null : libSide(target);
    return targetSide !== null && MAY_NOT_LOAD[side].includes(targetSide);
  });
}

describe("app/lib/ by where the code runs", () => {
  const files = sourceFiles("app/lib");
  const known = new Set(sourceFiles("app"));

  it("the scanner catches a module loading the other side's, and lets a type-only import be", () => {
    const lib = new Set(["app/lib/server/api.server.ts", "app/lib/browser/chat-api.ts", "app/lib/cn.ts"]);
    const source = ['import { memberCall } from "../server/api.server";', 'import type { ApiArgs } from "~/lib/server/api.server";', 'import { cn } from "../cn";'].join("\n");
    expect(libLayerViolations("app/lib/browser/x.ts", source, lib)).toEqual(["../server/api.server"]);
    expect(libLayerViolations("app/lib/y.ts", 'import { chatApi } from "./browser/chat-api";', lib)).toEqual(["./browser/chat-api"]);
    expect(libLayerViolations("app/lib/server/z.server.ts", 'import { cn } from "../cn";', lib)).toEqual([]);
  });

  it("every .server module of app/lib/ is in app/lib/server/, and nothing else is", () => {
    expect(files.filter((file) => /\.server\.[jt]sx?$/.test(file) !== file.startsWith("app/lib/server/"))).toEqual([]);
  });

  it("app/lib/ holds no folder but server/ and browser/", () => {
    expect(files.map((file) => file.split("/")).filter((parts) => parts.length > 3 && !["server", "browser"].includes(parts[2]))).toEqual([]);
  });

  it("no module of app/lib/ loads the other side's at run time (browser never server, shared neither)", () => {
    const violations = files.flatMap((file) => libLayerViolations(file, readFileSync(path.join(root, file), "utf8"), known).map((specifier) => `${file} imports ${specifier}`));
    expect(violations).toEqual([]);
  });

  it("the shared modules hold no network code (fetch, WebSocket): it belongs to one side", () => {
    const violations = files
      .filter((file) => libSide(file) === "shared")
      .flatMap((file) => networkCode(readFileSync(path.join(root, file), "utf8")).map((code) => `${file}: ${code}`));
    expect(violations).toEqual([]);
  });

  it("components load nothing of app/lib/server/ at run time", () => {
    const violations = sourceFiles("app/components").flatMap((file) =>
      importedSpecifiers(withoutAnyTypeOnlyImports(readFileSync(path.join(root, file), "utf8")))
        .filter((specifier) => moduleFile(file, specifier, known)?.startsWith("app/lib/server/"))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(violations).toEqual([]);
  });
});
