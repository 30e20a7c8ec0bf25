const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The one way the playground writes a moment: `HH:MM:SS` (24 h, local time), with
 * the date in front (`YYYY-MM-DD HH:MM:SS`) when it is not today.
 */
export function clock(epochMs: number): string {
  const at = new Date(epochMs);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  if (at.toDateString() === new Date().toDateString()) return time;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
}

/** A span of seconds for a countdown: `1 min 05 s`, `12 s`, or `now` once it has passed. */
export function duration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole <= 0) return 'now';
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes} min ${pad(whole % 60)} s` : `${whole} s`;
}
