import { shortenAddress, type TChatModeration, ZAddress } from '@mintcast/contracts';
import { Ban, Clock, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { chatTools, useChatToolMutation } from '../../queries/moderation.ts';

function Row({
  icon,
  label,
  hint,
  action,
}: {
  icon: React.ReactNode;
  label: string;
  hint?: string;
  action: React.ReactNode;
}) {
  return (
    <li className="flex items-center gap-2 py-1 text-sm">
      {icon}
      <span className="min-w-0 flex-1 truncate font-mono text-xs" title={label}>
        {shortenAddress(label)}
        {hint && <span className="ml-2 font-sans text-muted">{hint}</span>}
      </span>
      {action}
    </li>
  );
}

/** Moderators (the creator appoints and removes them) and the wallets banned or timed out here. */
export function ChatStaffLists({
  mint,
  data,
  onError,
}: {
  mint: string;
  data: TChatModeration;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const tools = chatTools(mint);
  const moderator = useChatToolMutation(mint, tools.setModerator);
  const ban = useChatToolMutation(mint, tools.setBan);
  const lift = useChatToolMutation(mint, tools.liftTimeout);
  const [address, setAddress] = useState('');
  const parsed = ZAddress.safeParse(address);
  const undo = 'rounded px-2 py-0.5 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg';

  return (
    <>
      {data.role === 'creator' && (
        <section className="border-b border-border px-4 py-3">
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
            {t('moderation.moderators')}
          </h3>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!parsed.success) return;
              moderator.mutate(
                { address: parsed.data, on: true },
                { onError, onSuccess: () => setAddress('') },
              );
            }}
          >
            <input
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder={t('moderation.addressPlaceholder')}
              aria-label={t('moderation.moderatorAddress')}
              className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface-2 px-2.5 font-mono text-xs outline-none focus:border-brand/60"
            />
            <button
              type="submit"
              disabled={!parsed.success}
              className={buttonClass('secondary', 'sm', 'h-8')}
              aria-label={t('moderation.addModerator')}
            >
              <UserPlus className="size-4" aria-hidden />
            </button>
          </form>
          <ul className="mt-1.5">
            {data.moderators.map((m) => (
              <Row
                key={m}
                icon={<span className="size-1.5 rounded-full bg-brand" aria-hidden />}
                label={m}
                action={
                  <button
                    type="button"
                    className={undo}
                    onClick={() => moderator.mutate({ address: m, on: false }, { onError })}
                  >
                    {t('moderation.remove')}
                  </button>
                }
              />
            ))}
            {data.moderators.length === 0 && (
              <li className="py-1 text-xs text-muted">{t('moderation.noModerators')}</li>
            )}
          </ul>
        </section>
      )}
      <section className="border-b border-border px-4 py-3">
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
          {t('moderation.sanctions')}
        </h3>
        <ul>
          {data.sanctions.map((s) => (
            <Row
              key={`${s.kind}-${s.address}`}
              icon={
                s.kind === 'ban' ? (
                  <Ban className="size-3.5 text-down" aria-hidden />
                ) : (
                  <Clock className="size-3.5 text-warn" aria-hidden />
                )
              }
              label={s.address}
              hint={
                s.until
                  ? t('moderation.until', { date: fmt.dateTime(new Date(s.until)) })
                  : t('moderation.banned')
              }
              action={
                <button
                  type="button"
                  className={undo}
                  onClick={() =>
                    s.kind === 'ban'
                      ? ban.mutate({ address: s.address, on: false }, { onError })
                      : lift.mutate(s.address, { onError })
                  }
                >
                  {s.kind === 'ban' ? t('moderation.unban') : t('moderation.lift')}
                </button>
              }
            />
          ))}
          {data.sanctions.length === 0 && (
            <li className="py-1 text-xs text-muted">{t('moderation.noSanctions')}</li>
          )}
        </ul>
      </section>
    </>
  );
}
