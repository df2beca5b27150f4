/**
 * "12 results for “pepe”" / "100+ results for “a”" / "40 streams", on a fixed-height line so the
 * grid below does not move when the figure arrives.
 */
export function ResultsCount({
  count,
  term,
  more = false,
}: {
  count: number | undefined;
  term?: string;
  more?: boolean | undefined;
}) {
  return (
    <p className="h-5 text-sm text-muted" data-testid="results-count" aria-live="polite">
      {count === undefined ? (
        <span className="skeleton inline-block h-4 w-32 rounded align-middle" />
      ) : term ? (
        <>
          <span className="font-semibold text-fg">
            {count.toLocaleString('en-US')}
            {more && '+'}
          </span>{' '}
          {count === 1 && !more ? 'result' : 'results'} for <span className="text-fg">“{term}”</span>
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
