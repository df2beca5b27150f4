import { OVERLAY_KINDS, OVERLAY_SIZES, type TOverlayKind } from '@mintcast/contracts';
import { Check, ChevronDown, Copy, Layers, RefreshCw } from 'lucide-react';
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
 * The OBS overlays panel of the stream dashboard and of the browser broadcaster's cockpit (issue 34 item 3), folded until opened: the three browser-source links with their sizes and copy
 * buttons, a live preview of one (an iframe of our own origin, the only framing the overlays allow), the alerts'
 * sound switch, and new links (the old ones stop working).
 */
export function CockpitOverlays({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useOverlaySettingsQuery(mint, open);
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
    <details
      data-testid="cockpit-overlays"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="shrink-0 rounded-lg bg-white/5 px-2.5 py-2 text-white"
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/70 uppercase [&::-webkit-details-marker]:hidden">
        <Layers aria-hidden className="size-3 text-green-400" />
        {t('overlays.cockpit.title')}
        <ChevronDown
          aria-hidden
          className={`ml-auto size-3.5 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </summary>
      {!open ? null : (
        <section aria-label={t('overlays.cockpit.title')}>
          {query.isError ? (
            <p className="mt-1 text-xs text-white/60">{t('overlays.cockpit.failed')}</p>
          ) : !data ? (
            <p className="mt-1 text-xs text-white/60">…</p>
          ) : (
            <>
              <p className="mt-1 text-[11px] leading-snug text-white/60">{t('overlays.cockpit.intro')}</p>
              <ul className="mt-1.5 space-y-1.5">
                {OVERLAY_KINDS.map((kind) => {
                  const link = linkOf(data.urls[kind], kind, sound);
                  const label = t(`overlays.kinds.${kind}`);
                  return (
                    <li key={kind} className="text-xs">
                      <div className="flex items-center gap-1.5">
                        <button
                          type="button"
                          aria-pressed={preview === kind}
                          onClick={() => setPreview(kind)}
                          className={`rounded px-1 py-0.5 text-left font-medium ${preview === kind ? 'bg-white/15 text-white' : 'text-white/80 hover:bg-white/10'}`}
                        >
                          {label}
                        </button>
                        <span className="ml-auto font-mono text-[10px] text-white/60 tabular-nums">
                          {t('overlays.cockpit.size', OVERLAY_SIZES[kind])}
                        </span>
                      </div>
                      <div className="mt-0.5 flex items-center gap-1">
                        <input
                          readOnly
                          value={link}
                          aria-label={label}
                          data-testid={`overlay-url-${kind}`}
                          onFocus={(e) => e.currentTarget.select()}
                          className="min-w-0 flex-1 rounded border border-white/15 bg-black/30 px-1.5 py-0.5 font-mono text-[11px] text-white/90"
                        />
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
                      </div>
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
              <button
                type="button"
                data-testid="cockpit-overlays-regenerate"
                disabled={regenerate.isPending}
                onClick={() => {
                  if (!window.confirm(t('overlays.cockpit.regenerateConfirm'))) return;
                  regenerate.mutate(undefined, {
                    onSuccess: () => notify.success(t('overlays.cockpit.regenerated')),
                    onError: () => notify.error(t('overlays.cockpit.failed')),
                  });
                }}
                className="mt-1.5 flex items-center gap-1 rounded border border-white/15 px-2 py-1 text-xs text-white/90 hover:bg-white/10 disabled:opacity-50"
              >
                <RefreshCw aria-hidden className="size-3" />
                {t('overlays.cockpit.regenerate')}
              </button>
            </>
          )}
        </section>
      )}
    </details>
  );
}
