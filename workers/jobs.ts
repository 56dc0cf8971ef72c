/**
 * The Worker's queue (`JOBS` in wrangler.toml): slow work done outside a request, retried by the
 * queue when it fails (docs/decisions/021-background-jobs.md). Each message names its kind; the
 * consumer hands it to that kind's handler, which acks, retries or ends the message itself.
 */
import { runCalendarMailJob, type CalendarMailJob } from "./calendar/mail";
import { runExportJob, type ExportMessage } from "./exports/jobs";
import { runReminderJob } from "./reminders/deliver";
import type { ReminderJob } from "./reminders/planner";
import { runPushJob, type PushJob } from "./push/notify";
import { renderCertificateJob } from "./social-cv/render-job";
import { runCredentialJob, type CredentialJob } from "./credentials/jobs";
import { runDeliveryJob, type DeliveryJob } from "./webhooks/deliver";
import { runDispatchJob, type DispatchJob } from "./webhooks/dispatch";
import { dispatchAfterJobs } from "./webhooks/kick";
import { runChatPostJob, type ChatPostJob } from "./chat-apps/post";
import { announceNewInitiatives } from "./chat-apps/announce";

/**
 * The messages of the queue. A certificate's message carries the period the member chose
 * (records created in [from, to), ms; all time without them): the task's input, kept by the queue
 * through every retry.
 */
export type CertificateJob = { kind: "cv_certificate"; id: string; from?: number; to?: number };
export type Job = CertificateJob | ExportMessage | CalendarMailJob | ReminderJob | PushJob | CredentialJob | DispatchJob | DeliveryJob | ChatPostJob;

/** Runs a batch; the events its jobs wrote to the webhooks' outbox are dispatched after it (workers/webhooks/kick.ts). */
export const runJobs = (batch: MessageBatch<Job>, env: Env) => dispatchAfterJobs(env, () => runBatch(batch, env));

async function runBatch(batch: MessageBatch<Job>, env: Env) {
  for (const message of batch.messages) {
    const job = message.body;
    if (job?.kind === "cv_certificate" && typeof job.id === "string") await renderCertificateJob(env, message as Message<CertificateJob>);
    // A staff export's next step (workers/exports/jobs.ts): a bounded number of D1 statements each.
    else if (job?.kind === "export" && typeof job.id === "string") await runExportJob(env, message as Message<ExportMessage>);
    // The calendar's e-mails with their .ics (workers/calendar/mail.ts).
    else if (job?.kind === "calendar_mail" && typeof job.orgId === "string" && typeof job.initiativeId === "string") await runCalendarMailJob(env, message as Message<CalendarMailJob>);
    // A reminder before an initiative, claimed by the scheduled planner (workers/reminders/deliver.ts): sent once.
    else if (job?.kind === "reminder" && typeof job.memberId === "string") await runReminderJob(env, message as Message<ReminderJob>);
    // A push notification for one member (workers/push/notify.ts, decision 046).
    else if (job?.kind === "push" && typeof job.org === "string" && typeof job.member === "string") await runPushJob(env, message as Message<PushJob>);
    // A participation's verifiable credential after its hours were decided (workers/credentials/jobs.ts, decision 047).
    else if (job?.kind === "credential" && typeof job.orgId === "string" && typeof job.participation === "string") await runCredentialJob(env, message as Message<CredentialJob>);
    // The webhooks' outbox fanned out to deliveries, one attempt of a delivery, a chat announcement (workers/webhooks, workers/chat-apps; decision 051).
    else if (job?.kind === "webhook_dispatch" && typeof job.orgId === "string") await runDispatchJob(env, message as Message<DispatchJob>, announceNewInitiatives);
    else if (job?.kind === "webhook_delivery" && typeof job.id === "string") await runDeliveryJob(env, message as Message<DeliveryJob>);
    else if (job?.kind === "chat_post" && typeof job.connectionId === "string" && typeof job.announcement === "object") await runChatPostJob(env, message as Message<ChatPostJob>);
    // Unknown or malformed: nothing can ever handle it, so it is dropped rather than retried.
    else message.ack();
  }
}
