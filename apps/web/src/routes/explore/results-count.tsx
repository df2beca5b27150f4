/** "12 results for “pepe”" / "40 streams", with a fixed-height line so the grid does not move. */
export function ResultsCount({
  count,
  term,
  suffix,
}: {
  count: number | undefined;
  term?: string;
  suffix?: string;
}) {
  return (
    <p className="h-5 text-sm text-muted" data-testid="results-count" aria-live="polite">
      {count === undefined ? (
        <span className="skeleton inline-block h-4 w-32 rounded align-middle" />
      ) : term ? (
        <>
          <span className="font-semibold text-fg">{count.toLocaleString('en-US')}</span>{' '}
          {count === 1 ? 'result' : 'results'} for <span className="text-fg">“{term}”</span>
          {suffix && ` · ${suffix}`}
        </>
      ) : (
        <>
          <span className="font-semibold text-fg">{count.toLocaleString('en-US')}</span>{' '}
          {count === 1 ? 'stream' : 'streams'}
        </>
      )}
    </p>
  );
}
