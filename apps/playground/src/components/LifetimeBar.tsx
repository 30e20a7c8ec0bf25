import { clock, duration } from '../lib/time';

interface LifetimeBarProps {
  /** Epoch ms the access token was issued (or first seen). */
  readonly issuedAt: number;
  /** Epoch ms it expires. */
  readonly expiresAt: number;
  /** Seconds before expiry at which the manager renews it. */
  readonly leewaySeconds: number;
  readonly now: number;
}

/**
 * The access token's life as a bar: the part used up, the leeway before expiry in
 * which the token counts as expired, and a mark at the moment of renewal.
 */
export function LifetimeBar({ issuedAt, expiresAt, leewaySeconds, now }: LifetimeBarProps) {
  const total = Math.max(expiresAt - issuedAt, 1);
  const renewAt = expiresAt - leewaySeconds * 1000;
  const percent = (at: number) => `${Math.min(Math.max(((at - issuedAt) / total) * 100, 0), 100)}%`;
  return (
    <figure className="lifetime" aria-label="Access token lifetime">
      <div className="lifetime-track">
        <div className="lifetime-used" style={{ width: percent(now) }} />
        <div
          className="lifetime-leeway"
          style={{ left: percent(renewAt), width: `calc(100% - ${percent(renewAt)})` }}
          title={`leeway: the last ${leewaySeconds} s count as expired`}
        />
        <div className="lifetime-mark" style={{ left: percent(renewAt) }} />
        <div className="lifetime-now" style={{ left: percent(now) }} />
      </div>
      <figcaption className="lifetime-legend">
        <span>issued {clock(issuedAt)}</span>
        <span className="renew">renews {clock(renewAt)}</span>
        <span>expires {clock(expiresAt)}</span>
      </figcaption>
      <p className="hint">
        Renewal {renewAt > now ? `in ${duration((renewAt - now) / 1000)}` : 'due now'} · the hatched
        end is the {leewaySeconds} s leeway, when the token already counts as expired.
      </p>
    </figure>
  );
}
