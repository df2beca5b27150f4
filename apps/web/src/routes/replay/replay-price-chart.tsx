import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type Logical,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatters, useFormat } from '../../lib/i18n/format.ts';
import { useReplayPricesQuery } from '../../queries/recordings.ts';
import { formatDuration, priceSeries } from './price-series.ts';

const cssColor = (name: string, fallback: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * The token's price over the broadcast, synced to the video (issue 30): a playhead follows `playheadMs`, and a
 * click on the chart seeks the video there. Drawn with TradingView's lightweight-charts; nothing when no price
 * was recorded while the stream was live.
 */
export function ReplayPriceChart({
  id,
  durationMs,
  playheadMs,
  onSeek,
}: {
  id: string;
  durationMs: number;
  playheadMs: number;
  onSeek: (ms: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const language = i18n.language;
  const prices = useReplayPricesQuery(id);
  const series = useMemo(() => priceSeries(prices.data?.items ?? [], durationMs), [prices.data, durationMs]);
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seekRef = useRef(onSeek);
  seekRef.current = onSeek;
  const [playheadX, setPlayheadX] = useState<number | null>(null);
  const [layoutVersion, setLayoutVersion] = useState(0);
  const { step, bars } = series;

  useEffect(() => {
    const el = box.current;
    if (!el || bars.length === 0) return;
    const brand = cssColor('--color-brand', '#34e0a1');
    const price = formatters(language).price;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: cssColor('--color-muted', '#8b93a5'),
        fontFamily: 'inherit',
      },
      grid: {
        vertLines: { color: cssColor('--color-border', '#232936') },
        horzLines: { color: cssColor('--color-border', '#232936') },
      },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: (time: Time) => formatDuration(Number(time) * 1000),
      },
      localization: {
        timeFormatter: (time: Time) => formatDuration(Number(time) * 1000),
        priceFormatter: price,
      },
      handleScroll: false,
      handleScale: false,
    });
    const area = chart.addSeries(AreaSeries, {
      lineColor: brand,
      topColor: `${brand}55`,
      bottomColor: `${brand}05`,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    area.setData(bars.map((b) => ({ time: b.time as UTCTimestamp, value: b.value })));
    chart.timeScale().fitContent();
    const onClick = (param: MouseEventParams<Time>) => {
      if (param.logical === undefined) return;
      seekRef.current(Math.min(durationMs, Math.max(0, param.logical * step * 1000)));
    };
    chart.subscribeClick(onClick);
    // The playhead's x moves when the chart is laid out again (a resize).
    const relayout = () => setLayoutVersion((v) => v + 1);
    chart.timeScale().subscribeSizeChange(relayout);
    chartRef.current = chart;
    relayout();
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, [bars, step, durationMs, language]);

  useEffect(() => {
    void layoutVersion;
    const chart = chartRef.current;
    if (!chart) return setPlayheadX(null);
    // Bars are whole logical indexes (a fraction answers 0): place the playhead between its two bars.
    const at = Math.min(bars.length - 1, Math.max(0, playheadMs / 1000 / step));
    const below = Math.floor(at);
    const scale = chart.timeScale();
    const x0 = scale.logicalToCoordinate(below as Logical);
    const x1 = scale.logicalToCoordinate(Math.min(bars.length - 1, below + 1) as Logical);
    setPlayheadX(x0 === null || x1 === null ? null : x0 + (x1 - x0) * (at - below));
  }, [playheadMs, step, bars.length, layoutVersion]);

  if (bars.length === 0) return null;
  const first = bars[0]?.value ?? 0;
  const last = bars.at(-1)?.value ?? 0;
  const change = first > 0 ? ((last - first) / first) * 100 : 0;
  return (
    <section
      className="rounded-2xl border border-border bg-surface p-4"
      aria-label={t('replay.priceChart')}
      data-testid="replay-price-chart"
      data-first-price={first}
      data-last-price={last}
    >
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">{t('replay.priceChart')}</h2>
        <p className="sr-only">{t('replay.priceChartHint')}</p>
        <p className="text-xs text-muted">
          {t('replay.priceChange', { from: fmt.price(first), to: fmt.price(last) })}{' '}
          <span className={change >= 0 ? 'text-up' : 'text-down'}>
            ({change >= 0 ? '+' : ''}
            {change.toFixed(2)} %)
          </span>
        </p>
      </header>
      <div className="relative h-40 cursor-pointer sm:h-48">
        {/* The canvas holds the chart's own attribution link: not an img role (no interactive content inside). */}
        <div ref={box} className="absolute inset-0" data-testid="replay-price-plot" />
        {playheadX !== null && (
          <div
            aria-hidden
            data-testid="replay-price-playhead"
            className="pointer-events-none absolute top-0 bottom-6 w-0.5 bg-live"
            style={{ left: playheadX }}
          />
        )}
      </div>
    </section>
  );
}
