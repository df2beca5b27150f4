import {
  HOLDER_TIERS_MAX,
  type THolderChatSettings,
  type THolderTier,
  ZHolderTiersUpdate,
} from '@mintcast/contracts';
import { Plus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast.ts';
import {
  useHolderChatQuery,
  useSetHolderModesMutation,
  useSetHolderTiersMutation,
} from '../../queries/holder-chat.ts';

/** The slow-mode choices offered for non-holders, in seconds (0: off). */
const SLOW_CHOICES = [0, 10, 30, 60, 120, 300] as const;

const field =
  'h-8 min-w-0 rounded-md border border-white/15 bg-white/5 px-2 text-xs text-white placeholder:text-white/40';

/**
 * The cockpit's holder chat (issue 34 item 4): holders only, slow mode for non-holders only, and up to three
 * badge tiers (an amount of tokens or a share of the supply). Dark panel: light colours only.
 */
export function CockpitHolderChat({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const data = useHolderChatQuery(mint).data;
  const saveTiers = useSetHolderTiersMutation(mint);
  if (!data) return null;
  return (
    <section
      aria-label={t('holders.cockpit.title')}
      className="rounded-lg bg-white/5 px-2.5 py-2 text-white"
      data-testid="cockpit-holder-chat"
    >
      {/* Folded by default: the cockpit is short and the chat below it needs the room. */}
      <details>
        <summary className="flex cursor-pointer items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/55 uppercase">
          <Users aria-hidden className="size-3 text-green-400" />
          {t('holders.cockpit.title')}
          <span className="ml-auto text-[11px] font-normal tracking-normal normal-case text-white/70">
            {data.holders_only ? t('holders.cockpit.holdersOnlyOn') : null}
          </span>
        </summary>
        {/* Scrolls within the cockpit's fixed height rather than push the chat out of it. */}
        <div className="max-h-52 overflow-y-auto pr-1">
          <ModesForm mint={mint} settings={data} />
          <TiersForm key={JSON.stringify(data.tiers)} mint={mint} tiers={data.tiers} save={saveTiers} />
        </div>
      </details>
    </section>
  );
}

function ModesForm({ mint, settings }: { mint: string; settings: THolderChatSettings }) {
  const { t } = useTranslation();
  const save = useSetHolderModesMutation(mint);
  const submit = (holders_only: boolean, nonholder_slow_seconds: number) =>
    save.mutate(
      { holders_only, nonholder_slow_seconds },
      {
        onSuccess: () => notify.success(t('holders.cockpit.saved')),
        onError: () => notify.error(t('holders.cockpit.failed')),
      },
    );
  const slowId = `holder-slow-${mint}`;
  const choices: number[] = SLOW_CHOICES.includes(settings.nonholder_slow_seconds as never)
    ? [...SLOW_CHOICES]
    : [...SLOW_CHOICES, settings.nonholder_slow_seconds].sort((a, b) => a - b);
  return (
    <div className="mt-1.5 grid gap-1.5">
      <label className="flex items-center gap-2 text-xs text-white/80">
        <input
          type="checkbox"
          checked={settings.holders_only}
          disabled={save.isPending}
          onChange={(e) => submit(e.target.checked, settings.nonholder_slow_seconds)}
          className="size-4 accent-green-400"
          data-testid="holder-only"
        />
        {t('holders.cockpit.holdersOnly')}
      </label>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={slowId} className="text-xs text-white/80">
          {t('holders.cockpit.slow')}
        </label>
        <select
          id={slowId}
          value={settings.nonholder_slow_seconds}
          disabled={save.isPending}
          onChange={(e) => submit(settings.holders_only, Number(e.target.value))}
          className="h-7 rounded-md border border-white/15 bg-neutral-900 px-1.5 text-xs text-white"
          data-testid="holder-slow"
        >
          {choices.map((s) => (
            <option key={s} value={s}>
              {s === 0 ? t('holders.cockpit.slowOff') : t('holders.cockpit.slowSeconds', { seconds: s })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * `save` is the panel's (not this form's): saved tiers are pushed to every open chat, this one too, and the push can
 * come before the answer; the form then starts again from them while the save still says "saved".
 */
function TiersForm({
  mint,
  tiers: saved,
  save,
}: {
  mint: string;
  tiers: THolderTier[];
  save: ReturnType<typeof useSetHolderTiersMutation>;
}) {
  const { t } = useTranslation();
  // Each row has a key of its own (rows can be removed from the middle).
  const [tiers, setTiers] = useState<(THolderTier & { key: number })[]>(() =>
    saved.map((tier, key) => ({ ...tier, key })),
  );
  const [nextKey, setNextKey] = useState(saved.length);
  const [error, setError] = useState<string | null>(null);
  const id = `holder-tiers-${mint}`;
  const update = (i: number, patch: Partial<THolderTier>) =>
    setTiers((ts) => ts.map((tier, j) => (j === i ? { ...tier, ...patch } : tier)));
  return (
    <form
      className="mt-2 grid gap-1.5 border-t border-white/10 pt-2"
      aria-describedby={`${id}-hint`}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ZHolderTiersUpdate.safeParse({
          tiers: tiers.map(({ name, kind, value }) => ({
            name,
            kind,
            value: value.trim().replace(',', '.'),
          })),
        });
        setError(parsed.success ? null : t('holders.cockpit.invalid'));
        if (parsed.success)
          save.mutate(parsed.data.tiers, {
            onSuccess: () => notify.success(t('holders.cockpit.saved')),
            onError: () => notify.error(t('holders.cockpit.failed')),
          });
      }}
    >
      <p className="text-[11px] font-medium text-white/70">{t('holders.cockpit.tiers')}</p>
      <p id={`${id}-hint`} className="text-[11px] text-white/55">
        {t('holders.cockpit.tiersHint')}
      </p>
      {tiers.map((tier, i) => (
        <div
          key={tier.key}
          className="grid grid-cols-[1fr_5.5rem_4.5rem_auto] items-center gap-1"
          data-testid="holder-tier"
        >
          <input
            aria-label={t('holders.cockpit.tierName')}
            value={tier.name}
            maxLength={20}
            onChange={(e) => update(i, { name: e.target.value })}
            className={field}
          />
          <select
            aria-label={t('holders.cockpit.tierKind')}
            value={tier.kind}
            onChange={(e) => update(i, { kind: e.target.value as THolderTier['kind'] })}
            className={`${field} bg-neutral-900`}
          >
            <option value="amount">{t('holders.cockpit.kindAmount')}</option>
            <option value="share">{t('holders.cockpit.kindShare')}</option>
          </select>
          <input
            aria-label={t('holders.cockpit.tierValue')}
            inputMode="decimal"
            value={tier.value}
            onChange={(e) => update(i, { value: e.target.value })}
            className={field}
          />
          <button
            type="button"
            onClick={() => setTiers((ts) => ts.filter((_, j) => j !== i))}
            aria-label={t('holders.cockpit.removeTier', { name: tier.name || String(i + 1) })}
            className="grid size-8 place-items-center rounded-md text-white/70 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </div>
      ))}
      <div className="flex gap-1.5">
        {tiers.length < HOLDER_TIERS_MAX && (
          <button
            type="button"
            onClick={() => {
              setTiers((ts) => [...ts, { name: '', kind: 'amount', value: '', key: nextKey }]);
              setNextKey((k) => k + 1);
            }}
            className="flex h-8 items-center gap-1 rounded-md border border-white/15 px-2.5 text-xs text-white/85 hover:bg-white/10"
          >
            <Plus aria-hidden className="size-3.5" />
            {t('holders.cockpit.addTier')}
          </button>
        )}
        <button
          type="submit"
          disabled={save.isPending}
          className="ml-auto h-8 rounded-md bg-green-400 px-2.5 text-xs font-semibold text-neutral-950 hover:bg-green-300 disabled:opacity-50"
        >
          {t('holders.cockpit.saveTiers')}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
