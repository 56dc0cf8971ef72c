import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/** Links inside the sign-in screens' text and alerts (tips, "change e-mail", "forgot password"). */
export const linkClass = "font-semibold text-brand underline underline-offset-4";

/**
 * The big submit button of a sign-in side form: a spinner while `busy`. `disabled` only applies once
 * hydrated (callers pass `hydrated && ...`), so the form still posts without JavaScript.
 */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={disabled}>
      {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
      {children}
    </Button>
  );
}
