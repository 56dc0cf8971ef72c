/** /wall/{slug}/{action?}: the same screen as /initiative/{slug}; back links go to /wall. */
export { action, default, ErrorBoundary, loader, meta, shouldRevalidate } from "./_app.initiative.$slug.($action)/route";
