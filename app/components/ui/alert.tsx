import type { HTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/** A message that screen readers announce: role=alert for errors, role=status otherwise. */
export function Alert({ className, variant = "error", ...props }: HTMLAttributes<HTMLDivElement> & { variant?: "error" | "info" | "success" }) {
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-4 py-3 text-sm",
        variant === "error" && "border-destructive/40 bg-destructive/5 text-destructive",
        variant === "info" && "border-border bg-muted text-foreground",
        variant === "success" && "border-success/40 bg-success/5 text-success",
        className,
      )}
      {...props}
    />
  );
}
