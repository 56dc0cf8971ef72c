/**
 * The `main` Worker of the Worker tests: the Hono app without Remix (workers/edge.ts needs the
 * build) plus the Durable Object classes, which must be exported by `main` to be bound in tests.
 */
import { createApp } from "../../workers/app";
import { runJobs, type Job } from "../../workers/jobs";

export { ChatMember } from "../../durable-objects/chat-member";

export default { fetch: createApp().fetch, queue: (batch, env) => runJobs(batch, env) } satisfies ExportedHandler<Env, Job>;
