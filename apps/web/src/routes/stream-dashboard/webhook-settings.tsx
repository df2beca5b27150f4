import { type TWebhookDelivery, type TWebhookEventType, WEBHOOK_EVENT_TYPES } from '@mintcast/contracts';
import { Copy, Send, Trash2, Webhook } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useCopyToClipboard } from '../../features/token/use-copy-to-clipboard.ts';
import { ApiError } from '../../lib/api.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { notify } from '../../lib/toast.ts';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useWebhooksQuery,
} from '../../queries/webhooks.ts';
import { DashboardPanel } from './dashboard-panel.tsx';

const fieldClass = 'h-11 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-4 text-sm text-fg';

/** The dot beside a delivery's status (the word itself is in the text colour: readable in both themes). */
const STATUS_DOT: Record<TWebhookDelivery['status'], string> = {
  pending: 'bg-muted',
  retrying: 'bg-warn',
  delivered: 'bg-up',
  failed: 'bg-down',
};

/**
 * The creator's webhooks (issue 35 item 6): HTTPS endpoints for stream live/offline, tip, follow and clip events,
 * the signing secret shown once at registration, "Send test event", and the log of the last deliveries.
 */
export function WebhookSettings() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const k = (key: string, opts?: Record<string, unknown>) =>
    t(`start.dashboard.webhooks.${key}` as 'start.dashboard.webhooks.title', opts ?? {}) as string;
  const hooks = useWebhooksQuery(true);
  const create = useCreateWebhookMutation();
  const remove = useDeleteWebhookMutation();
  const test = useTestWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const { copy, copied } = useCopyToClipboard({ ok: k('copied'), failed: k('failed') });

  const failed = (err: unknown) =>
    notify.error(err instanceof ApiError ? `${k('failed')}: ${err.message}` : k('failed'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          setUrl('');
          setSecret(created.secret);
          notify.success(k('added'));
        },
        onError: failed,
      },
    );
  };

  const data = hooks.data;
  const unavailable =
    data?.enabled === false || (hooks.error instanceof ApiError && hooks.error.status === 503);
  const full = data ? data.endpoints.length >= data.max : false;
  const eventName = (type: string) => k(`event.${type}`);
  const endpointOf = (id: string) => data?.endpoints.find((e) => e.id === id)?.display ?? '—';

  return (
    <DashboardPanel
      id="webhooks-title"
      testId="webhook-settings"
      icon={Webhook}
      title={k('title')}
      hint={k('hint')}
    >
      {unavailable ? <p className="text-sm text-muted">{k('unavailable')}</p> : null}
      {hooks.error && !unavailable ? <InlineError message={k('loadFailed')} /> : null}

      {secret ? (
        <div
          role="status"
          data-testid="webhook-secret"
          className="space-y-2 rounded-lg border border-warn/50 bg-warn/10 p-4"
        >
          <p className="text-sm font-medium text-fg">{k('secretTitle')}</p>
          <code className="block overflow-x-auto rounded bg-black/40 px-3 py-2 font-mono text-xs break-all text-fg">
            {secret}
          </code>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void copy(secret)}
              className={buttonClass('secondary', 'sm')}
            >
              <Copy aria-hidden className="size-4" />
              {copied ? k('copied') : k('copySecret')}
            </button>
            <button type="button" onClick={() => setSecret(null)} className={buttonClass('ghost', 'sm')}>
              {k('dismiss')}
            </button>
          </div>
        </div>
      ) : null}

      {data && data.endpoints.length === 0 ? <p className="text-sm text-muted">{k('none')}</p> : null}
      {data && data.endpoints.length > 0 ? (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {data.endpoints.map((e) => (
            <li
              key={e.id}
              data-testid="webhook-endpoint"
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0 space-y-1">
                <p className="truncate font-mono text-sm text-fg">{e.display}</p>
                <p className="text-xs text-muted">{e.events.map(eventName).join(' · ')}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={test.isPending}
                  onClick={() =>
                    test.mutate(e.id, { onSuccess: () => notify.success(k('testSent')), onError: failed })
                  }
                  className={buttonClass('secondary', 'sm')}
                >
                  <Send aria-hidden className="size-4" />
                  {k('sendTest')}
                </button>
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(e.id, { onSuccess: () => notify.success(k('removed')), onError: failed })
                  }
                  className={buttonClass('ghost', 'sm')}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {k('remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {!full ? (
        <form className="space-y-3" onSubmit={submit}>
          <label className="block space-y-1 text-sm">
            <span className="block text-fg">{k('url')}</span>
            <input
              type="url"
              inputMode="url"
              autoComplete="off"
              required
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              className={fieldClass}
            />
          </label>
          <fieldset className="space-y-2">
            <legend className="text-sm text-fg">{k('events')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-muted">
                  <input
                    type="checkbox"
                    checked={events.includes(type)}
                    onChange={(e) =>
                      setEvents((now) => (e.target.checked ? [...now, type] : now.filter((x) => x !== type)))
                    }
                    className="size-4 accent-[var(--color-brand)]"
                  />
                  {eventName(type)}
                </label>
              ))}
            </div>
          </fieldset>
          <button
            type="submit"
            disabled={create.isPending || unavailable || events.length === 0}
            className={buttonClass('primary', 'md')}
          >
            {k('add')}
          </button>
        </form>
      ) : (
        <p className="text-sm text-muted">{k('limit', { max: data?.max })}</p>
      )}

      <div className="space-y-2">
        <h3 className="font-medium text-fg">{k('log')}</h3>
        {data && data.deliveries.length === 0 ? (
          <p className="text-sm text-muted">{k('noDeliveries')}</p>
        ) : null}
        {data && data.deliveries.length > 0 ? (
          <div className="overflow-x-auto rounded-lg border border-border">
            <table data-testid="webhook-log" className="w-full min-w-[32rem] text-left text-sm">
              <thead className="bg-surface-2 text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {k('colEvent')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {k('colStatus')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {k('colAttempts')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {k('colTime')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.deliveries.map((d) => (
                  <tr key={d.id} data-testid="webhook-delivery">
                    <td className="px-3 py-2">
                      <span className="block text-fg">{eventName(d.type)}</span>
                      <span className="block max-w-[14rem] truncate font-mono text-xs text-muted">
                        {endpointOf(d.endpointId)}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-fg">
                        <span aria-hidden className={`size-2 rounded-full ${STATUS_DOT[d.status]}`} />
                        {k(`status.${d.status}`)}
                      </span>
                      {d.lastStatus !== null && d.status !== 'delivered' ? (
                        <span className="ml-2 font-mono text-xs text-muted">
                          {k('httpStatus', { code: d.lastStatus })}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right font-mono tabular-nums text-fg">{d.attempts}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-muted">
                      {fmt.dateTime(new Date(d.updatedAt))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </DashboardPanel>
  );
}
