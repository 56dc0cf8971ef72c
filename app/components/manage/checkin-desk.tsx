/**
 * The check-in desk (issue 11, point 4): the organiser scans a participant's QR code or types the
 * code they read out. With JavaScript the code is checked here against the initiative's key (no
 * network needed), the check-in goes into the queue (app/lib/checkin-queue.ts) and is sent at once
 * or when the connection returns; what waits is counted on screen. The camera scanner is its own
 * chunk, loaded when the organiser opens it. Without JavaScript the typed code is a plain form.
 */
import { Form } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { keyFromText, matchCheckin, parseCheckinInput } from "~/domain/checkin";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { readQueue, sendCheckin, writeQueue, type QueuedCheckin } from "~/lib/checkin-queue";
import { usePending } from "~/lib/pending";
import { useHydrated } from "~/lib/use-hydrated";
import type { CheckinOutcome } from "~/routes/_app.manage.initiatives.$id_.checkin/checkin.server";

const QrScanner = lazy(() => import("./qr-scanner"));

export interface CheckinSheet {
  initiative: { id: string; title: string; hours_per_day: number };
  key: string;
  today: string;
  participants: { uuid: string; name: string; approval: string; checked_in_today: boolean }[];
}

type Message = { tone: "success" | "error"; text: string };

const inputClass = "h-11 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function CheckinDesk({ sheet, outcome }: { sheet: CheckinSheet; outcome: CheckinOutcome | undefined }) {
  const { t } = useTranslation("manage");
  const hydrated = useHydrated();
  const pending = usePending();
  const initiativeId = sheet.initiative.id;
  const key = useMemo(() => keyFromText(sheet.key), [sheet.key]);
  const [queue, setQueue] = useState<QueuedCheckin[]>([]);
  const [checkedIn, setCheckedIn] = useState(() => new Set(sheet.participants.filter((p) => p.checked_in_today).map((p) => p.uuid)));
  const [online, setOnline] = useState(true);
  const [message, setMessage] = useState<Message | null>(null);
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState("");
  const [hours, setHours] = useState(sheet.initiative.hours_per_day > 0 ? String(sheet.initiative.hours_per_day) : "");
  const syncing = useRef(false);

  /** Sends what waits, oldest first; stops at the first that must wait for the network. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      for (let items = readQueue(initiativeId); items.length; items = readQueue(initiativeId)) {
        const [item] = items;
        const result = await sendCheckin(initiativeId, item);
        if (result.kind === "retry") break;
        const rest = readQueue(initiativeId).filter((other) => other !== item && !(other.uuid === item.uuid && other.at === item.at));
        writeQueue(initiativeId, rest);
        setQueue(rest);
        if (result.kind === "refused") {
          setCheckedIn((before) => new Set([...before].filter((uuid) => uuid !== item.uuid)));
          setMessage({ tone: "error", text: t("checkin_refused_sync", { name: item.name, reason: t([`checkin_error_${result.error}`, "checkin_error_default"]) }) });
        }
      }
    } finally {
      syncing.current = false;
      setQueue(readQueue(initiativeId));
    }
  }, [initiativeId, t]);

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
      if (checkedIn.has(participant.uuid)) return setMessage({ tone: "success", text: t("checkin_already", { name: participant.name }) });
      const recorded = hours.trim() === "" ? null : Number(hours);
      const item: QueuedCheckin = { code: raw.trim(), uuid: participant.uuid, name: participant.name, hours: recorded, at: new Date().toISOString() };
      const next = [...readQueue(initiativeId), item];
      writeQueue(initiativeId, next);
      setQueue(next);
      setCheckedIn((before) => new Set(before).add(participant.uuid));
      setCode("");
      setMessage({ tone: "success", text: navigator.onLine ? t("checkin_done", { name: participant.name }) : t("checkin_done_offline", { name: participant.name }) });
      void sync();
    },
    [checkedIn, hours, initiativeId, key, sheet.participants, sync, t],
  );

  const serverMessage: Message | null = outcome?.done
    ? { tone: "success", text: outcome.done.created ? t("checkin_done", { name: outcome.done.name }) : t("checkin_already", { name: outcome.done.name }) }
    : outcome?.error
      ? { tone: "error", text: t([`checkin_error_${outcome.error}`, "checkin_error_default"]) }
      : null;
  const shown = message ?? serverMessage;
  const present = sheet.participants.filter((p) => checkedIn.has(p.uuid)).length;

  return (
    <div className="flex flex-col gap-4">
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {shown ? <Alert variant={shown.tone === "success" ? "success" : undefined}>{shown.text}</Alert> : null}
        <p className="text-sm">
          {t("checkin_present", { count: present, total: sheet.participants.length })}
          {hydrated && !online ? <span className="ml-2 font-semibold">{t("checkin_offline")}</span> : null}
        </p>
        {queue.length ? (
          <p className="flex flex-wrap items-center gap-3 text-sm font-semibold">
            {t("checkin_waiting", { count: queue.length })}
            {online ? (
              <Button type="button" variant="outline" onClick={() => void sync()}>
                {t("checkin_sync_now")}
              </Button>
            ) : null}
          </p>
        ) : null}
      </div>

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
          <input id="checkin-hours" name="hours" inputMode="numeric" value={hours} onChange={(event) => setHours(event.currentTarget.value)} className={inputClass} />
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
                <span className={checkedIn.has(participant.uuid) ? "font-semibold text-success" : "text-muted-foreground"}>
                  {checkedIn.has(participant.uuid)
                    ? queue.some((item) => item.uuid === participant.uuid)
                      ? t("checkin_state_waiting")
                      : t("checkin_state_present")
                    : participant.approval === "pending" || participant.approval === "rejected"
                      ? t("checkin_state_not_approved")
                      : t("checkin_state_expected")}
                </span>
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
