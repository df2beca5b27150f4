import { Trans } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format.ts';

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
  const fmt = useFormat();
  const b = <span className="font-semibold text-fg" />;
  return (
    <p className="h-5 text-sm text-muted" data-testid="results-count" aria-live="polite">
      {count === undefined ? (
        <span className="skeleton inline-block h-4 w-32 rounded align-middle" />
      ) : term ? (
        <Trans
          i18nKey="explore.resultsFor"
          count={more ? 2 : count}
          values={{ n: `${fmt.integer(count)}${more ? '+' : ''}`, term }}
          components={{ b, t: <span className="text-fg" /> }}
        />
      ) : (
        <Trans
          i18nKey="explore.streams"
          count={count}
          values={{ n: fmt.integer(count) }}
          components={{ b }}
        />
      )}
    </p>
  );
}
