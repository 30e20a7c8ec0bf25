import { freezeTokens, isTokens, MAX_EXPIRES_IN_SECONDS } from './token-set';
import type { Tokens } from './types';

/**
 * A token set with its place in the history of the session, shared by every tab:
 * `epoch` changes with each explicit change (sign-in, `setTokens`, `clear`: the
 * newest wins), `generation` counts the renewals within an epoch. The stored
 * record and the tab channel carry both, so any tab can tell which of two token
 * sets is the later one without trusting the order it heard of them. @internal
 */
export interface Entry {
  readonly tokens: Tokens | null;
  readonly epoch: number;
  readonly generation: number;
}

/** No tokens, before anything happened. @internal */
export const NO_ENTRY: Entry = /* @__PURE__ */ Object.freeze({
  tokens: null,
  epoch: 0,
  generation: 0,
});

/**
 * How far ahead of this tab's clock another tab's epoch may be (the tabs of a browser
 * share its clock; an epoch is the clock at an explicit change, or one past the last):
 * an epoch beyond it is no tab's, and would make every later change overflow. @internal
 */
export const MAX_EPOCH_SKEW_MS = 5 * 60_000;

/** The most renewals an epoch may count (one a second for over a century): beyond, no tab's. @internal */
export const MAX_GENERATION = 2 ** 32;

/**
 * Whether `epoch`, `generation` and the expiry of `tokens` are ones a tab could have
 * made by `nowMs`: an epoch at most {@link MAX_EPOCH_SKEW_MS} ahead, a generation at
 * most {@link MAX_GENERATION}, an `expiresAt` at most a year ahead. @internal
 */
export const plausible = (
  { tokens, epoch, generation }: { tokens: Tokens | null; epoch: number; generation: number },
  nowMs: number,
): boolean =>
  epoch <= nowMs + MAX_EPOCH_SKEW_MS &&
  generation <= MAX_GENERATION &&
  (!tokens || tokens.accessToken.expiresAt <= nowMs / 1000 + MAX_EXPIRES_IN_SECONDS);

const counter = (value: unknown): number =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0;

const isMember = (entry: Entry): number => (entry.tokens?.refreshToken.role === 'member' ? 1 : 0);

/**
 * Above 0 when `a` is the later session: the higher epoch, then the higher
 * generation; a member set beats a visitor fallback of the same generation (a
 * late success beats the fallback made while it was on its way); equal ranks
 * are ordered by value, so that every tab settles on the same set. @internal
 */
const rankDifference = (a: Entry, b: Entry): number =>
  a.epoch - b.epoch || a.generation - b.generation;

/** Whether `a` is a later epoch or generation than `b`, whatever the tokens. */
export const laterRank = (a: Entry, b: Entry): boolean => rankDifference(a, b) > 0;

export function compareEntries(a: Entry, b: Entry): number {
  const valueA = a.tokens?.accessToken.value ?? '';
  const valueB = b.tokens?.accessToken.value ?? '';
  return (
    rankDifference(a, b) ||
    isMember(a) - isMember(b) ||
    (valueA === valueB ? 0 : valueA > valueB ? 1 : -1)
  );
}

/** The entry an explicit change makes: a new epoch, later than any known and than the clock. @internal */
export const explicitEntry = (tokens: Tokens | null, known: Entry, nowMs: number): Entry => ({
  tokens,
  // Never beyond the safe integers, whatever was known: every tab reads the epoch back exactly.
  epoch: Math.min(Math.max(known.epoch + 1, Math.floor(nowMs)), Number.MAX_SAFE_INTEGER),
  generation: 0,
});

/** The place of `entry` in the history of the session, without its tokens. @internal */
export const rankOf = ({ epoch, generation }: Entry) => ({ epoch, generation });

/** The entry a renewal of `base` makes (none: the platform rejected it and nothing replaced it yet). @internal */
export const renewedEntry = (tokens: Tokens | null, base: Entry): Entry => ({
  tokens,
  epoch: base.epoch,
  generation: base.generation + 1,
});

/** The stored record: the token set with its epoch and generation (older readers see a token set). @internal */
export const recordOf = ({ tokens, epoch, generation }: Entry): object | null =>
  tokens && { ...tokens, epoch, generation };

/**
 * The entry of `tokens` (a token set or `null`) at the `epoch` and `generation` of
 * `rank` (the record or message that carries them; missing in records of earlier
 * versions: 0); `undefined` when `tokens` is neither, or when the rank or the expiry is
 * beyond what a tab could have made by `nowMs` (see {@link plausible}). @internal
 */
export function entryOf(
  tokens: unknown,
  { epoch, generation }: { readonly epoch?: unknown; readonly generation?: unknown },
  nowMs: number,
): Entry | undefined {
  if (tokens !== null && !isTokens(tokens)) return undefined;
  // A number beyond the clock is no tab's; another kind of value is a record of an earlier version's (0).
  const rank = {
    epoch: typeof epoch === 'number' ? epoch : 0,
    generation: typeof generation === 'number' ? generation : 0,
  };
  if (!plausible({ tokens, ...rank }, nowMs)) return undefined;
  return {
    tokens: tokens && freezeTokens(tokens),
    epoch: counter(epoch),
    generation: counter(generation),
  };
}
