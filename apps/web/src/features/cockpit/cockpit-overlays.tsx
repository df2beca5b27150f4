import { OVERLAY_KINDS, OVERLAY_SIZES, type TOverlayKind } from '@mintcast/contracts';
import { Check, Copy, Layers, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast.ts';
import { useOverlaySettingsQuery, useRegenerateOverlaysMutation } from '../../queries/overlays.ts';
import { useCopyToClipboard } from '../token/use-copy-to-clipboard.ts';

/** The preview's box in the panel: each overlay is scaled down to fit it. */
const PREVIEW = { width: 280, height: 150 };

/** An overlay link as pasted into OBS: the alerts' chime is `?sound=1`. */
const linkOf = (url: string, kind: TOverlayKind, sound: boolean) =>
  kind === 'alerts' && sound ? `${url}?sound=1` : url;

/**
 * The cockpit's OBS overlays (issue 34 item 3): the three browser-source links with their sizes and copy
 * buttons, a live preview of one (an iframe of our own origin, the only framing the overlays allow), the alerts'
 * sound switch, and new links (the old ones stop working).
 */
export function CockpitOverlays({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const query = useOverlaySettingsQuery(mint);
  const regenerate = useRegenerateOverlaysMutation(mint);
  const [sound, setSound] = useState(false);
  const [preview, setPreview] = useState<TOverlayKind>('alerts');
  const { copy } = useCopyToClipboard({
    ok: t('overlays.cockpit.copied'),
    failed: t('overlays.cockpit.copyFailed'),
  });
  const [copiedKind, setCopiedKind] = useState<TOverlayKind | null>(null);
  const data = query.data;
  const size = OVERLAY_SIZES[preview];
  const scale = Math.min(PREVIEW.width / size.width, PREVIEW.height / size.height);
  return (
    <section
      aria-label={t('overlays.cockpit.title')}
      data-testid="cockpit-overlays"
      className="rounded-lg bg-white/5 px-2.5 py-2 text-white"
    >
      <h3 className="flex items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/55 uppercase">
        <Layers aria-hidden className="size-3 text-green-400" />
        {t('overlays.cockpit.title')}
        <button
          type="button"
          data-testid="cockpit-overlays-regenerate"
          disabled={!data || regenerate.isPending}
          onClick={() => {
            if (!window.confirm(t('overlays.cockpit.regenerateConfirm'))) return;
            regenerate.mutate(undefined, {
              onSuccess: () => notify.success(t('overlays.cockpit.regenerated')),
              onError: () => notify.error(t('overlays.cockpit.failed')),
            });
          }}
          className="ml-auto flex items-center gap-1 rounded px-1.5 py-0.5 text-[11px] font-normal tracking-normal text-white/80 normal-case hover:bg-white/10 disabled:opacity-50"
        >
          <RefreshCw aria-hidden className="size-3" />
          {t('overlays.cockpit.regenerate')}
        </button>
      </h3>
      {query.isError ? (
        <p className="mt-1 text-xs text-white/60">{t('overlays.cockpit.failed')}</p>
      ) : !data ? (
        <p className="mt-1 text-xs text-white/60">…</p>
      ) : (
        <>
          <p className="mt-1 text-[11px] leading-snug text-white/60">{t('overlays.cockpit.intro')}</p>
          <ul className="mt-1.5 space-y-1">
            {OVERLAY_KINDS.map((kind) => {
              const link = linkOf(data.urls[kind], kind, sound);
              const label = t(`overlays.kinds.${kind}`);
              return (
                <li key={kind} className="flex items-center gap-1.5 text-xs">
                  <button
                    type="button"
                    aria-pressed={preview === kind}
                    onClick={() => setPreview(kind)}
                    className={`w-20 shrink-0 truncate rounded px-1 py-0.5 text-left ${preview === kind ? 'bg-white/15 text-white' : 'text-white/80 hover:bg-white/10'}`}
                  >
                    {label}
                  </button>
                  <input
                    readOnly
                    value={link}
                    aria-label={label}
                    data-testid={`overlay-url-${kind}`}
                    onFocus={(e) => e.currentTarget.select()}
                    className="min-w-0 flex-1 rounded border border-white/15 bg-black/30 px-1.5 py-0.5 font-mono text-[11px] text-white/90"
                  />
                  <span className="shrink-0 font-mono text-[10px] text-white/60 tabular-nums">
                    {t('overlays.cockpit.size', OVERLAY_SIZES[kind])}
                  </span>
                  <button
                    type="button"
                    aria-label={t('overlays.cockpit.copy', { kind: label })}
                    title={t('overlays.cockpit.copy', { kind: label })}
                    data-testid={`overlay-copy-${kind}`}
                    onClick={() =>
                      void copy(link).then((ok) => {
                        if (ok) setCopiedKind(kind);
                      })
                    }
                    className="shrink-0 rounded p-1 text-white/80 hover:bg-white/10 hover:text-white"
                  >
                    {copiedKind === kind ? (
                      <Check aria-hidden className="size-3.5 text-green-400" />
                    ) : (
                      <Copy aria-hidden className="size-3.5" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          <label className="mt-1.5 flex items-center gap-2 text-xs text-white/80">
            <input
              type="checkbox"
              checked={sound}
              onChange={(e) => setSound(e.target.checked)}
              className="size-4 accent-green-500"
              data-testid="overlay-sound"
            />
            {t('overlays.cockpit.sound')}
          </label>
          <p className="mt-1.5 text-[11px] text-white/60">
            {t('overlays.cockpit.preview')} · {t(`overlays.kinds.${preview}`)}
          </p>
          <div
            className="mt-1 overflow-hidden rounded border border-white/10 bg-[repeating-conic-gradient(#262626_0%_25%,#1a1a1a_0%_50%)] bg-[length:16px_16px]"
            style={{ width: size.width * scale, height: size.height * scale }}
          >
            <iframe
              key={`${data.key}-${preview}`}
              src={data.urls[preview]}
              title={t('overlays.cockpit.previewTitle', { kind: t(`overlays.kinds.${preview}`) })}
              data-testid="overlay-preview"
              width={size.width}
              height={size.height}
              style={{ transform: `scale(${scale})`, transformOrigin: '0 0', border: 0 }}
            />
          </div>
        </>
      )}
    </section>
  );
}
