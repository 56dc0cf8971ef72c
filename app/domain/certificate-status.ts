/**
 * The states of a social CV certificate's task (SPEC.md section 4, "Background tasks"), one
 * definition for the table's column, the Worker that moves a task along and the page that polls it.
 */
export const CERTIFICATE_STATUSES = ["created", "active", "retry", "completed", "failed", "cancelled", "expired"] as const;

export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Still going: the page polls again in 2 seconds, the queue consumer may (re)render it. */
export const PENDING_CERTIFICATE_STATUSES = ["created", "active", "retry"] as const satisfies readonly CertificateStatus[];

/** Over without a PDF: the page says it failed. */
export const FAILED_CERTIFICATE_STATUSES = ["failed", "cancelled", "expired"] as const satisfies readonly CertificateStatus[];

export const isPendingCertificate = (status: string): boolean => (PENDING_CERTIFICATE_STATUSES as readonly string[]).includes(status);

export const isFailedCertificate = (status: string): boolean => (FAILED_CERTIFICATE_STATUSES as readonly string[]).includes(status);
