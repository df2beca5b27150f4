import {
  TRADE_ALERT_MAX_WEI,
  TRADE_ALERT_MIN_FLOOR_WEI,
  type TTradeAlertCockpit,
  type TTradeAlertSettings,
} from '@mintcast/contracts';
import { Activity } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEther, parseEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { notify } from '../../lib/toast.ts';
import { useSetTradeAlertsMutation, useTradeAlertsCockpitQuery } from '../../queries/trade-alerts.ts';

/** A BNB amount typed by the creator, in wei, within the alerts' range; null when it is not. */
const thresholdWei = (text: string): string | null => {
  const v = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,18})?$/.test(v)) return null;
  const wei = parseEther(v);
  return wei >= BigInt(TRADE_ALERT_MIN_FLOOR_WEI) && wei <= BigInt(TRADE_ALERT_MAX_WEI)
    ? wei.toString()
    : null;
};

const stateTone: Record<TTradeAlertCockpit['state'], string> = {
  watching: 'bg-up',
  paused: 'bg-warn',
  no_pair: 'bg-white/40',
  off: 'bg-white/40',
  idle: 'bg-white/40',
};

/**
 * The cockpit's buy and sell alerts (issue 34): on or off, the amount from which a trade is posted in chat and
 * the whale amount, where the alerts stand (watching, paused while the chain cannot be read…), and the volume
 * traded from the stream's own page.
 */
export function CockpitTradeAlerts({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const query = useTradeAlertsCockpitQuery(mint);
  const data = query.data;
  if (!data) return null;
  return (
    <section aria-label={t('alerts.cockpit.title')} className="rounded-lg bg-white/5 px-2.5 py-2 text-white">
      <h3 className="flex items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/55 uppercase">
        <Activity aria-hidden className="size-3 text-up" />
        {t('alerts.cockpit.title')}
        <span
          className="ml-auto flex items-center gap-1.5 text-[11px] font-normal tracking-normal normal-case text-white/70"
          data-testid="cockpit-alerts-state"
          data-state={data.state}
        >
          <span className={`size-1.5 rounded-full ${stateTone[data.state]}`} aria-hidden />
          {t(`alerts.cockpit.states.${data.state}`)}
        </span>
      </h3>
      <p className="mt-1 flex items-baseline justify-between gap-2 text-xs">
        <span className="text-white/55">{t('alerts.cockpit.volume')}</span>
        <span
          className="font-mono font-semibold text-green-400 tabular-nums"
          data-testid="cockpit-page-volume"
        >
          {t('alerts.cockpit.volumeValue', {
            count: data.page_trades,
            amount: fmt.decimal(Number(formatEther(BigInt(data.page_volume_wei)))),
          })}
        </span>
      </p>
      <AlertSettingsForm key={JSON.stringify(data.settings)} mint={mint} settings={data.settings} />
    </section>
  );
}

function AlertSettingsForm({ mint, settings }: { mint: string; settings: TTradeAlertCockpit['settings'] }) {
  const { t } = useTranslation();
  const save = useSetTradeAlertsMutation(mint);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [min, setMin] = useState(formatEther(BigInt(settings.min_wei)));
  const [whale, setWhale] = useState(settings.whale_wei ? formatEther(BigInt(settings.whale_wei)) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = (next: TTradeAlertSettings) =>
    save.mutate(next, {
      onSuccess: () => notify.success(t('alerts.cockpit.saved')),
      onError: () => notify.error(t('alerts.cockpit.failed')),
    });
  const id = `trade-alerts-${mint}`;
  return (
    <form
      className="mt-2 grid grid-cols-2 gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        const minWei = thresholdWei(min);
        const whaleWei = whale.trim() === '' ? null : thresholdWei(whale);
        const ok =
          minWei !== null &&
          (whale.trim() === '' || (whaleWei !== null && BigInt(whaleWei) > BigInt(minWei)));
        setError(ok ? null : t('alerts.cockpit.invalid'));
        if (ok && minWei) submit({ enabled, min_wei: minWei, whale_wei: whaleWei });
      }}
    >
      <label className="col-span-2 flex items-center gap-2 text-xs text-white/80">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.target.checked);
            submit({ ...settings, enabled: e.target.checked });
          }}
          className="size-4 accent-up"
          data-testid="cockpit-alerts-enabled"
        />
        {t('alerts.cockpit.enabled')}
      </label>
      <label htmlFor={`${id}-min`} className="text-[11px] text-white/55">
        {t('alerts.cockpit.min')}
      </label>
      <label htmlFor={`${id}-whale`} className="text-[11px] text-white/55">
        {t('alerts.cockpit.whale')}
      </label>
      <input
        id={`${id}-min`}
        inputMode="decimal"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-8 min-w-0 rounded-md border border-white/15 bg-white/5 px-2 text-xs text-white placeholder:text-white/40"
      />
      <input
        id={`${id}-whale`}
        inputMode="decimal"
        value={whale}
        onChange={(e) => setWhale(e.target.value)}
        placeholder={t('alerts.cockpit.whaleAuto')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-8 min-w-0 rounded-md border border-white/15 bg-white/5 px-2 text-xs text-white placeholder:text-white/40"
      />
      <button
        type="submit"
        disabled={save.isPending}
        className="col-span-2 h-8 rounded-md bg-up px-2.5 text-xs font-semibold text-bg hover:bg-up/85 disabled:opacity-50"
      >
        {t('alerts.cockpit.save')}
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="col-span-2 text-xs text-down">
          {error}
        </p>
      )}
    </form>
  );
}
