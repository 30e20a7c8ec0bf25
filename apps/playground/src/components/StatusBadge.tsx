/** A status code coloured by outcome: 2xx/3xx green, 4xx amber, 5xx and 0 (no answer) red. */
export function StatusBadge({
  status,
  lost = false,
}: {
  readonly status: number;
  readonly lost?: boolean;
}) {
  const tone = status === 0 || status >= 500 || lost ? 'bad' : status >= 400 ? 'warn' : 'ok';
  return (
    <span
      className={`status ${tone}`}
      title={lost ? 'processed, then the answer was lost' : undefined}
    >
      {status === 0 ? '0 no answer' : status}
      {lost ? ' lost' : ''}
    </span>
  );
}
