/**
 * The check-in desk (issue 11, point 4): the organiser scans a participant's QR code or types the
 * code they read out. With JavaScript the code is checked here against the initiative's key (no
 * network needed), the check-in goes into the queue (app/lib/browser/checkin-queue.ts) and is sent at once
 * or when the connection returns; what waits is counted on screen. The camera scanner is its own
 * chunk, loaded when the organiser opens it. Without JavaScript the typed code is a plain form.
 *
 * The hours are pre-filled with the initiative's day (its hours a day, else its length), and every
 * check-in is judged here by the server's own rule (app/domain/checkin-rules.ts) before it is
 * queued, so the organiser hears at once what is wrong. One the server still refuses (something
 * changed since the screen loaded) stays on screen with its reason until it is fixed and resent
 * or discarded (issue 28).
 */
import { Form } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { keyFromText, matchCheckin, parseCheckinInput } from "~/domain/checkin";
import { defaultCheckinHours, judgeCheckin, type CheckinTerms } from "~/domain/checkin-rules";
import { calendarDay } from "~/domain/initiatives/reporting";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import {
  browserQueue,
  drainQueue,
  readQueue,
  refusalMessageKeys,
  refusedCheckins,
  sendCheckin,
  waitingCheckins,
  withoutCheckin,
  withResend,
  writeQueue,
  type QueuedCheckin,
} from "~/lib/browser/checkin-queue";
import { usePending } from "~/lib/pending";
import { useHydrated } from "~/lib/use-hydrated";
import type { CheckinOutcome } from "~/routes/_app.manage.initiatives.$id_.checkin/checkin.server";
import { RefusedCheckins } from "./checkin-refused";

const QrScanner = lazy(() => import("./qr-scanner"));

export interface CheckinSheet {
  initiative: { id: string; title: string; hours_per_day: number; start_time: string | null; end_time: string | null };
  key: string;
  today: string;
  zone: string;
  participants: { uuid: string; name: string; approval: string; checked_in_today: boolean }[];
}

type Message = { tone: "success" | "error"; text: string };

/** The hours box as a number for the rule: empty is "the initiative's day" (null), anything else its number (NaN when it is none). */
const hoursOfText = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

const termsOf = (initiative: CheckinSheet["initiative"]): CheckinTerms => ({
  hoursPerDay: initiative.hours_per_day,
  startTime: initiative.start_time ? Date.parse(initiative.start_time) : null,
  endTime: initiative.end_time ? Date.parse(initiative.end_time) : null,
});

const stateClass = {
  present: "font-semibold text-success",
  waiting: "font-semibold text-success",
  refused: "font-semibold text-destructive",
  not_approved: "text-muted-foreground",
  expected: "text-muted-foreground",
};

const inputClass = "h-11 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function CheckinDesk({ sheet, outcome }: { sheet: CheckinSheet; outcome: CheckinOutcome | undefined }) {
  const { t } = useTranslation("manage");
  const hydrated = useHydrated();
  const pending = usePending();
  const initiativeId = sheet.initiative.id;
  const key = useMemo(() => keyFromText(sheet.key), [sheet.key]);
  const terms = useMemo(() => termsOf(sheet.initiative), [sheet.initiative]);
  const defaultHours = defaultCheckinHours(terms, sheet.zone);
  const [queue, setQueue] = useState<QueuedCheckin[]>([]);
  /** Who the server has recorded today: on the sheet, or sent from here since. */
  const [recorded, setRecorded] = useState(() => new Set(sheet.participants.filter((p) => p.checked_in_today).map((p) => p.uuid)));
  const [online, setOnline] = useState(true);
  const [message, setMessage] = useState<Message | null>(null);
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState("");
  const [hours, setHours] = useState(defaultHours === null ? "" : String(defaultHours));
  const [hoursError, setHoursError] = useState<string | null>(null);
  const syncing = useRef(false);
  const reason = useCallback((refused: NonNullable<QueuedCheckin["refused"]>) => t(refusalMessageKeys(refused)), [t]);

  /** Sends what waits, oldest first; stops at the first that must wait for the network. A refused one stays, marked. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      const { recorded: sent, refused } = await drainQueue(browserQueue(initiativeId), (item) => sendCheckin(initiativeId, item));
      if (sent.length) setRecorded((before) => new Set([...before, ...sent.map((item) => item.uuid)]));
      if (refused.length === 1) setMessage({ tone: "error", text: t("checkin_refused_sync", { name: refused[0].name, reason: reason(refused[0].refused!) }) });
      else if (refused.length > 1) setMessage({ tone: "error", text: t("checkin_refused_many", { count: refused.length }) });
    } finally {
      syncing.current = false;
      setQueue(readQueue(initiativeId));
    }
  }, [initiativeId, reason, t]);

  useEffect(() => {
    setQueue(readQueue(initiativeId));
    setOnline(navigator.onLine);
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    void sync();
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [initiativeId, sync]);

  /** Checks a scanned or typed code here, queues the check-in, and sends it when it can. */
  const checkIn = useCallback(
    async (raw: string) => {
      const input = parseCheckinInput(raw);
      const participant = input ? await matchCheckin(key, input, sheet.participants) : null;
      if (!participant) return setMessage({ tone: "error", text: t("checkin_error_checkin_code_invalid") });
      if (participant.approval === "pending" || participant.approval === "rejected") {
        return setMessage({ tone: "error", text: t("checkin_error_approval_not_granted_named", { name: participant.name }) });
      }
      const now = Date.now();
      const queued = readQueue(initiativeId);
      // Their check-in of today (one queued offline yesterday does not stand for today's).
      const today = calendarDay(now, sheet.zone).key;
      const theirs = queued.find((item) => item.uuid === participant.uuid && calendarDay(Date.parse(item.at), sheet.zone).key === today);
      if (theirs?.refused) return setMessage({ tone: "error", text: t("checkin_refused_pending", { name: participant.name }) });
      if (theirs || recorded.has(participant.uuid)) return setMessage({ tone: "success", text: t("checkin_already", { name: participant.name }) });
      // Judged here as the server will judge it, so nobody is queued only to be refused later.
      const verdict = judgeCheckin(terms, { hours: hoursOfText(hours), at: now }, now, sheet.zone);
      if (!verdict.ok) {
        const text = t(refusalMessageKeys(verdict.refusal));
        setHoursError("fields" in verdict.refusal && "hours" in verdict.refusal.fields ? text : null);
        return setMessage({ tone: "error", text });
      }
      setHoursError(null);
      const item: QueuedCheckin = { code: raw.trim(), uuid: participant.uuid, name: participant.name, hours: verdict.hours, at: new Date(now).toISOString() };
      const next = [...queued, item];
      writeQueue(initiativeId, next);
      setQueue(next);
      setCode("");
      setMessage({ tone: "success", text: navigator.onLine ? t("checkin_done", { name: participant.name }) : t("checkin_done_offline", { name: participant.name }) });
      void sync();
    },
    [hours, initiativeId, key, recorded, sheet.participants, sheet.zone, sync, t, terms],
  );

  /** Sends a refused check-in again with the hours the organiser fixed, once the rule takes them. Answers the reason when it does not. */
  const resend = useCallback(
    (item: QueuedCheckin, hoursText: string): string | null => {
      const verdict = judgeCheckin(terms, { hours: hoursOfText(hoursText), at: Date.parse(item.at) }, Date.now(), sheet.zone);
      if (!verdict.ok) return t(refusalMessageKeys(verdict.refusal));
      const next = withResend(readQueue(initiativeId), item, verdict.hours);
      writeQueue(initiativeId, next);
      setQueue(next);
      setMessage(null);
      void sync();
      return null;
    },
    [initiativeId, sheet.zone, sync, t, terms],
  );

  /** The organiser gives up a refused check-in: it leaves the queue, and the screen says so. */
  const discard = useCallback(
    (item: QueuedCheckin) => {
      const next = withoutCheckin(readQueue(initiativeId), item);
      writeQueue(initiativeId, next);
      setQueue(next);
      setMessage({ tone: "success", text: t("checkin_discarded", { name: item.name }) });
    },
    [initiativeId, t],
  );

  const serverMessage: Message | null = outcome?.done
    ? { tone: "success", text: outcome.done.created ? t("checkin_done", { name: outcome.done.name }) : t("checkin_already", { name: outcome.done.name }) }
    : outcome?.error
      ? { tone: "error", text: t(refusalMessageKeys({ error: outcome.error, fields: outcome.fields })) }
      : null;
  const shown = message ?? serverMessage;
  const waiting = waitingCheckins(queue);
  const refused = refusedCheckins(queue);
  const stateOf = (participant: CheckinSheet["participants"][number]) =>
    refused.some((item) => item.uuid === participant.uuid)
      ? "refused"
      : waiting.some((item) => item.uuid === participant.uuid)
        ? "waiting"
        : recorded.has(participant.uuid)
          ? "present"
          : participant.approval === "pending" || participant.approval === "rejected"
            ? "not_approved"
            : "expected";
  const present = sheet.participants.filter((p) => ["present", "waiting"].includes(stateOf(p))).length;

  return (
    <div className="flex flex-col gap-4">
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {shown ? <Alert variant={shown.tone === "success" ? "success" : undefined}>{shown.text}</Alert> : null}
        <p className="text-sm">
          {t("checkin_present", { count: present, total: sheet.participants.length })}
          {hydrated && !online ? <span className="ml-2 font-semibold">{t("checkin_offline")}</span> : null}
        </p>
        {waiting.length ? (
          <p className="flex flex-wrap items-center gap-3 text-sm font-semibold">
            {t("checkin_waiting", { count: waiting.length })}
            {online ? (
              <Button type="button" variant="outline" onClick={() => void sync()}>
                {t("checkin_sync_now")}
              </Button>
            ) : null}
          </p>
        ) : null}
      </div>

      {refused.length ? <RefusedCheckins items={refused} reason={reason} onResend={resend} onDiscard={discard} /> : null}

      {hydrated ? (
        <div>
          {scanning ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">{t("scanner_loading")}</p>}>
              <QrScanner onResult={(value) => void checkIn(value)} onClose={() => setScanning(false)} />
            </Suspense>
          ) : (
            <Button type="button" onClick={() => setScanning(true)}>
              {t("checkin_scan")}
            </Button>
          )}
        </div>
      ) : null}

      <Form
        method="post"
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          void checkIn(code);
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="checkin-code" className="text-sm font-medium">
            {t("checkin_code")}
          </label>
          <input
            id="checkin-code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            required
            aria-describedby="checkin-code-hint"
            className={inputClass}
          />
          <p id="checkin-code-hint" className="text-xs text-muted-foreground">
            {t("checkin_code_hint")}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="checkin-hours" className="text-sm font-medium">
            {t("checkin_hours")}
          </label>
          <input
            id="checkin-hours"
            name="hours"
            inputMode="numeric"
            value={hours}
            onChange={(event) => {
              setHours(event.currentTarget.value);
              setHoursError(null);
            }}
            aria-invalid={hoursError ? true : undefined}
            aria-describedby="checkin-hours-hint"
            className={inputClass}
          />
          <p id="checkin-hours-hint" className={hoursError ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
            {hoursError ?? (defaultHours === null ? t("checkin_hours_hint_required") : t("checkin_hours_hint", { count: defaultHours }))}
          </p>
        </div>
        <Button type="submit" disabled={pending}>
          {t("checkin_submit")}
        </Button>
      </Form>

      <section aria-labelledby="checkin-list-title" className="flex flex-col gap-2">
        <h3 id="checkin-list-title" className="text-base font-semibold">
          {t("checkin_list_title")}
        </h3>
        {sheet.participants.length ? (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
            {sheet.participants.map((participant) => (
              <li key={participant.uuid} className="flex items-center justify-between gap-3 p-3 text-sm">
                <span className="font-medium">{participant.name}</span>
                <span className={stateClass[stateOf(participant)]}>{t(`checkin_state_${stateOf(participant)}`)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">{t("checkin_none")}</p>
        )}
      </section>
    </div>
  );
}
