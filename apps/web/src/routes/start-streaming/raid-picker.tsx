import { canonicalAddress, isTokenAddress, RAID_ERRORS, type TStream } from '@mintcast/contracts';
import type { TFunction } from 'i18next';
import { Eye } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { useStreamsQuery } from '../../queries/streams.ts';

/** Live streams offered as raid targets at most (the address box reaches any other). */
const PICKER_LIMIT = 12;

const KNOWN = new Set<string>([...Object.values(RAID_ERRORS), 'rate_limited']);

/** What a refused raid tells the creator, in their language (the broadcast keeps running). */
export const raidFailure = (t: TFunction, err: unknown): string => {
  const code = err instanceof ApiError ? err.code : null;
  return code && KNOWN.has(code)
    ? t(`raid.errors.${code}` as 'raid.errors.generic')
    : t('raid.errors.generic');
};

/** The raid target the picker's state stands for: a picked live stream, else a valid pasted address. */
export const raidTarget = (picked: string | null, typed: string, self: string): string | null => {
  const text = typed.trim();
  if (text) return isTokenAddress(text) && canonicalAddress(text) !== self ? canonicalAddress(text) : null;
  return picked;
};

/**
 * "Send your viewers to another live stream": the live streams (not this one) as radio choices with their
 * audience, "No raid" first, and a box for any live stream's contract address (it wins while it has text).
 */
export function RaidPicker(props: {
  mint: string;
  picked: string | null;
  onPick: (mint: string | null) => void;
  typed: string;
  onType: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const live = useStreamsQuery({ limit: PICKER_LIMIT + 1, live: true });
  const self = props.mint.toLowerCase();
  const others: TStream[] = (live.data?.items ?? [])
    .filter((s) => s.is_currently_live && s.mint.toLowerCase() !== self)
    .slice(0, PICKER_LIMIT);
  const text = props.typed.trim();
  const typedError =
    text === ''
      ? null
      : !isTokenAddress(text)
        ? t('raid.addressInvalid')
        : canonicalAddress(text) === self
          ? t('raid.addressSelf')
          : null;
  const radio = (value: string | null) => ({
    type: 'radio' as const,
    name: `${id}-target`,
    checked: text === '' && props.picked === value,
    onChange: () => {
      props.onType('');
      props.onPick(value);
    },
    className: 'size-4 shrink-0 accent-brand',
  });
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid="raid-picker">
      <legend className="text-sm font-semibold text-fg">{t('raid.legend')}</legend>
      <p className="text-xs text-muted">{t('raid.hint')}</p>
      <div className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-1">
        <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-surface-2">
          <input {...radio(null)} />
          <span className="text-fg">{t('raid.none')}</span>
        </label>
        {others.map((s) => (
          <label
            key={s.mint}
            className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-surface-2"
            data-testid="raid-choice"
          >
            <input {...radio(s.mint)} />
            {s.image_uri ? (
              <img src={s.image_uri} alt="" className="size-7 shrink-0 rounded-full object-cover" />
            ) : (
              <span className="size-7 shrink-0 rounded-full bg-surface-2" aria-hidden />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-fg">{s.name}</span>
              <span className="block truncate text-xs text-muted">${s.symbol}</span>
            </span>
            <span className="inline-flex shrink-0 items-center gap-1 text-xs text-muted">
              <Eye className="size-3.5" aria-hidden />
              {t('raid.viewers', { count: s.num_participants })}
            </span>
          </label>
        ))}
        {live.isPending && <p className="px-2 py-2 text-xs text-muted">{t('raid.loading')}</p>}
        {live.isSuccess && others.length === 0 && (
          <p className="px-2 py-2 text-xs text-muted">{t('raid.noLive')}</p>
        )}
      </div>
      <label htmlFor={`${id}-address`} className="mt-1 text-xs font-medium text-fg">
        {t('raid.addressLabel')}
      </label>
      <input
        id={`${id}-address`}
        value={props.typed}
        onChange={(e) => props.onType(e.target.value)}
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={typedError ? true : undefined}
        aria-describedby={typedError ? `${id}-address-error` : undefined}
        className="h-10 w-full rounded-lg border border-border bg-surface-2 px-3 font-mono text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none"
      />
      {typedError && (
        <p id={`${id}-address-error`} role="alert" className="text-xs text-down">
          {typedError}
        </p>
      )}
    </fieldset>
  );
}
