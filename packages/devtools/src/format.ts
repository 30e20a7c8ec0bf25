/** `m:ss` (or `h:mm:ss`) of a duration in milliseconds, rounded down to the second. @internal */
export function clockDuration(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** When an access token expiring at `expiresAt` (epoch seconds) expires, seen at `nowMs`. @internal */
export function expiryText(expiresAt: number, nowMs: number): string {
  const left = expiresAt * 1000 - nowMs;
  const at = ` (at ${new Date(expiresAt * 1000).toISOString().slice(11, 19)} UTC)`;
  return (left > 0 ? `in ${clockDuration(left)}` : `expired ${clockDuration(left)} ago`) + at;
}

/** The time of day of `at` (epoch ms) as `hh:mm:ss.mmm`. @internal */
export const timeOfDay = (at: number): string => new Date(at).toISOString().slice(11, 23);
