/**
 * The camera QR scanner of the check-in desk, its own chunk (React.lazy): the rear camera's video,
 * read a few times a second by the browser's BarcodeDetector where it has one, else by jsqr (loaded
 * then, and only then). Each code read is handed on once; the same code again within a few seconds
 * (the person still in front of the camera) is ignored, so scanning goes on person after person.
 * Without a camera, or when it is refused, it says so: the code can always be typed.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";

/** How often a frame is read, and how long the same code is not read twice. */
const SCAN_EVERY_MS = 250;
const SAME_CODE_PAUSE_MS = 3000;

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = (new (options: { formats: string[] }) => Detector) & { getSupportedFormats?: () => Promise<string[]> };

/** The browser's own detector when it reads QR codes; else jsqr over a canvas copy of the frame. */
async function makeReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.())?.includes("qr_code")) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

type State = "starting" | "scanning" | "no_camera" | "denied";

export default function QrScanner({ onResult, onClose }: { onResult: (value: string) => void; onClose: () => void }) {
  const { t } = useTranslation("manage");
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>("starting");
  const handler = useRef(onResult);
  handler.current = onResult;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { value: "", at: 0 };
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) return setState("no_camera");
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch (error) {
        return setState(error instanceof DOMException && error.name === "NotAllowedError" ? "denied" : "no_camera");
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await makeReader();
      setState("scanning");
      const tick = async () => {
        if (stopped || !video.current) return;
        const value = await read(video.current).catch(() => null);
        const now = Date.now();
        if (value && !(value === last.value && now - last.at < SAME_CODE_PAUSE_MS)) {
          last = { value, at: now };
          handler.current(value);
        }
        timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <section aria-labelledby="scanner-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h3 id="scanner-title" className="text-base font-semibold">
        {t("scanner_title")}
      </h3>
      <p role="status" className="text-sm text-muted-foreground">
        {state === "starting" ? t("scanner_starting") : state === "scanning" ? t("scanner_scanning") : state === "denied" ? t("scanner_denied") : t("scanner_no_camera")}
      </p>
      <video ref={video} muted playsInline aria-label={t("scanner_video")} className={state === "scanning" ? "aspect-square w-full max-w-sm rounded-md bg-black object-cover" : "hidden"} />
      <div>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("scanner_close")}
        </Button>
      </div>
    </section>
  );
}
