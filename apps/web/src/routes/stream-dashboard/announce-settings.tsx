import { Megaphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useAnnounceMutation, useAnnounceTargetsQuery } from '../../queries/announce.ts';
import { DashboardPanel } from './dashboard-panel.tsx';

const fieldClass = 'h-11 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-4 text-sm text-fg';

/**
 * Where the stream's go-live is posted: a Telegram channel (bot token + chat id) and a Discord webhook; and
 * whether its scheduled broadcasts' reminders are posted there too.
 */
export function AnnounceSettings({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const targets = useAnnounceTargetsQuery(mint);
  const change = useAnnounceMutation(mint);
  const [botToken, setBotToken] = useState('');
  const [chatId, setChatId] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const k = (key: string) => t(`start.dashboard.announce.${key}` as 'start.dashboard.announce.title');

  const run = (c: Parameters<typeof change.mutate>[0], done?: () => void) =>
    change.mutate(c, {
      onSuccess: () => {
        done?.();
        notify.success(k('saved'));
      },
      onError: (err) =>
        notify.error(err instanceof ApiError ? `${k('failed')}: ${err.message}` : k('failed')),
    });
  const submit = (e: FormEvent, c: Parameters<typeof change.mutate>[0], done: () => void) => {
    e.preventDefault();
    run(c, done);
  };

  const unavailable = targets.error instanceof ApiError && targets.error.status === 503;
  const data = targets.data;
  return (
    <DashboardPanel
      id="announce-title"
      testId="announce-settings"
      icon={Megaphone}
      title={k('title')}
      hint={k('hint')}
    >
      {unavailable ? <p className="text-sm text-muted">{k('unavailable')}</p> : null}
      {targets.error && !unavailable ? <InlineError message={k('loadFailed')} /> : null}

      <div className="space-y-3">
        <h3 className="font-medium text-fg">{k('telegram')}</h3>
        {data?.telegram ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">
              {t('start.dashboard.announce.connectedTelegram', { chatId: data.telegram.chatId })}
            </p>
            <button
              type="button"
              disabled={change.isPending}
              onClick={() => run({ channel: 'telegram', connect: null })}
              className={buttonClass('secondary', 'md')}
            >
              {k('disconnect')}
            </button>
          </div>
        ) : (
          <form
            className="grid gap-2 sm:grid-cols-2"
            onSubmit={(e) =>
              submit(e, { channel: 'telegram', connect: { botToken, chatId } }, () => {
                setBotToken('');
                setChatId('');
              })
            }
          >
            <label className="space-y-1 text-sm">
              <span className="block text-fg">{k('botToken')}</span>
              <input
                type="password"
                autoComplete="off"
                required
                value={botToken}
                onChange={(e) => setBotToken(e.target.value)}
                className={fieldClass}
              />
            </label>
            <label className="space-y-1 text-sm">
              <span className="block text-fg">{k('chatId')}</span>
              <input
                required
                value={chatId}
                onChange={(e) => setChatId(e.target.value)}
                className={fieldClass}
              />
            </label>
            <button
              type="submit"
              disabled={change.isPending || unavailable}
              className={buttonClass('primary', 'md', 'sm:col-span-2 sm:justify-self-start')}
            >
              {k('connect')}
            </button>
          </form>
        )}
      </div>

      <div className="space-y-3">
        <h3 className="font-medium text-fg">{k('discord')}</h3>
        {data?.discord ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{k('connectedDiscord')}</p>
            <button
              type="button"
              disabled={change.isPending}
              onClick={() => run({ channel: 'discord', connect: null })}
              className={buttonClass('secondary', 'md')}
            >
              {k('disconnect')}
            </button>
          </div>
        ) : (
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(e) =>
              submit(e, { channel: 'discord', connect: { webhookUrl } }, () => setWebhookUrl(''))
            }
          >
            <label className="flex-1 space-y-1 text-sm">
              <span className="block text-fg">{k('discord')}</span>
              <input
                type="password"
                autoComplete="off"
                required
                value={webhookUrl}
                onChange={(e) => setWebhookUrl(e.target.value)}
                className={fieldClass}
              />
            </label>
            <button
              type="submit"
              disabled={change.isPending || unavailable}
              className={buttonClass('primary', 'md')}
            >
              {k('connect')}
            </button>
          </form>
        )}
      </div>

      {data?.telegram || data?.discord ? (
        <label className="flex items-start gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={data.reminders}
            disabled={change.isPending}
            onChange={(e) => run({ channel: 'reminders', enabled: e.target.checked })}
            className="mt-0.5 size-4 accent-brand"
          />
          <span>{k('reminders')}</span>
        </label>
      ) : null}
    </DashboardPanel>
  );
}
