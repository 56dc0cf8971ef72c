/**
 * What a TLS provider for custom hostnames offers (./service.ts picks the adapter). Its own module
 * so that adapters and the chooser both import it without importing each other.
 */
export interface HostnameService {
  /** Registers the hostname; answers the service's id for it and its certificate's state. */
  add(hostname: string): Promise<{ id: string; tls: string }>;
  /** The certificate's state now ("active" once served with TLS). */
  status(id: string): Promise<{ tls: string }>;
  remove(id: string): Promise<void>;
}

/** The service failed (refused, unreachable): the hostname stays as it was. */
export class HostnameServiceError extends Error {}
