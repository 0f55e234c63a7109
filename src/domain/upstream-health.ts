// What the /test diagnostics page learns about the upstream: the Worker's health check
// (src/services/upstream.ts) produces it and the Diagnostics island shows it.

export type UpstreamHealthState = 'ok' | 'failing' | 'timeout' | 'unreachable';

export interface UpstreamHealth {
  state: UpstreamHealthState;
  /** HTTP status of the answer, when there was one. */
  status: number | null;
  /** The first line of a 2xx answer ('ok: production'), at most 40 characters; never headers or the target's address. */
  answer: string | null;
}
