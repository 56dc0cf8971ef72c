import { Outlet } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";

/** The frame of every sign-up step: one narrow column, comfortable on a phone and on a desktop. */
export default function SignupLayout() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col justify-center px-4 py-8 sm:py-12">
      <Outlet />
    </main>
  );
}

/** Every step's unexpected error (the steps have no boundary of their own). */
export const ErrorBoundary = RouteErrorBoundary;
