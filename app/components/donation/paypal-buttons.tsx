/**
 * The PayPal step of the drawer, loaded only when the member chooses PayPal (React.lazy in the
 * drawer), so no page pays for it otherwise.
 * Both modes get the order from the API (POST .../contribution/paypal/order through the route's
 * action, so the amount is the server's), and on approval the drawer submits the contribution with
 * the order id; the API verifies the amount and captures it (workers/payments), so nothing is
 * charged unless the API records it.
 * - "paypal": PayPal's JS SDK from www.paypal.com with the initiative's client id (the same PayPal
 *   app as the API's PAYPAL_CLIENT_ID, or PayPal refuses the server's order).
 * - "fake": development and tests (no PayPal credentials): one button; the API's fake provider made
 *   the order, and "approving" it is clicking the button.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Currency } from "~/domain/initiatives";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { PaymentProviderMode } from "~/domain/donation";

/**
 * SPEC.md section 9: the buttons exclude some funding methods and card brands. Left out: PayPal
 * Credit and Pay Later (credit products are no way to give), Venmo (US only), and the card brands
 * with the highest fees for the charity (American Express, JCB).
 */
export const PAYPAL_DISABLED_FUNDING = ["credit", "paylater", "venmo"] as const;
export const PAYPAL_DISABLED_CARDS = ["amex", "jcb"] as const;

export function paypalSdkUrl(clientId: string, currency: Currency, locale: string): string {
  const query = new URLSearchParams({
    "client-id": clientId,
    currency,
    intent: "capture",
    components: "buttons",
    "disable-funding": PAYPAL_DISABLED_FUNDING.join(","),
    "disable-card": PAYPAL_DISABLED_CARDS.join(","),
    // PayPal names locales with an underscore (es_ES); eu-ES is not one of them, Spanish is closest.
    locale: (locale.startsWith("eu") ? "es-ES" : locale).replace("-", "_"),
  });
  return `https://www.paypal.com/sdk/js?${query}`;
}

interface PayPalNamespace {
  Buttons(options: {
    style?: Record<string, string | number | boolean>;
    createOrder(): Promise<string>;
    onApprove(data: { orderID: string }): void | Promise<void>;
    onError(error: unknown): void;
    onCancel?(): void;
  }): { render(container: HTMLElement): Promise<void>; close(): Promise<void> };
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

// One SDK per page, whatever the number of renders; a different URL replaces it.
let sdk: { url: string; loaded: Promise<PayPalNamespace> } | null = null;

function loadSdk(url: string, nonce: string | undefined): Promise<PayPalNamespace> {
  if (sdk?.url === url) return sdk.loaded;
  const loaded = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    if (nonce) {
      script.nonce = nonce;
      script.dataset.cspNonce = nonce;
    }
    script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error("PayPal SDK without paypal")));
    script.onerror = () => reject(new Error("PayPal SDK failed to load"));
    document.head.appendChild(script);
  });
  sdk = { url, loaded };
  loaded.catch(() => (sdk = null));
  return loaded;
}

export interface PayPalButtonsProps {
  mode: PaymentProviderMode;
  clientId: string;
  currency: Currency;
  amount: number;
  locale: string;
  disabled?: boolean;
  /** Asks the API for an order of the drawer's amount; resolves to its id. */
  createOrder(): Promise<string>;
  /** The approved order: the drawer submits the contribution with it. */
  onApproved(orderId: string): void;
}

export default function PayPalButtons(props: PayPalButtonsProps) {
  return props.mode === "fake" ? <FakePayPalButton {...props} /> : <RealPayPalButtons {...props} />;
}

function FakePayPalButton({ amount, disabled, createOrder, onApproved }: PayPalButtonsProps) {
  const { t } = useTranslation("donation");
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      onApproved(await createOrder());
    } catch {
      // The drawer shows the API's error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed border-border p-3">
      <p className="text-xs text-muted-foreground">{t("donation_paypal_fake_hint")}</p>
      <Button type="button" disabled={disabled || busy || amount <= 0} onClick={pay}>
        {t("donation_paypal_fake_pay")}
      </Button>
    </div>
  );
}

function RealPayPalButtons({ clientId, currency, locale, disabled, createOrder, onApproved }: PayPalButtonsProps) {
  const { t } = useTranslation("donation");
  const container = useRef<HTMLDivElement>(null);
  const root = useRouteLoaderData<{ nonce?: string }>("root");
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  // The latest callbacks, without re-rendering PayPal's iframe when the drawer re-renders.
  const callbacks = useRef({ createOrder, onApproved });
  callbacks.current = { createOrder, onApproved };

  useEffect(() => {
    let closed = false;
    let buttons: ReturnType<PayPalNamespace["Buttons"]> | null = null;
    loadSdk(paypalSdkUrl(clientId, currency, locale), root?.nonce)
      .then(async (paypal) => {
        if (closed || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: "vertical", shape: "rect", label: "donate", tagline: false },
          createOrder: () => callbacks.current.createOrder(),
          onApprove: (data) => callbacks.current.onApproved(data.orderID),
          onError: () => setState("failed"),
        });
        await buttons.render(container.current);
        if (!closed) setState("ready");
      })
      .catch(() => !closed && setState("failed"));
    return () => {
      closed = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, currency, locale, root?.nonce]);

  return (
    <div className="flex flex-col gap-2" aria-busy={state === "loading"}>
      {state === "loading" ? <p className="text-sm text-muted-foreground">{t("donation_paypal_loading")}</p> : null}
      {state === "failed" ? <Alert>{t("donation_paypal_failed")}</Alert> : null}
      <div ref={container} className={disabled ? "pointer-events-none opacity-50" : undefined} />
    </div>
  );
}
