import { STREAM_OWNED_BY_OTHER } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pageNeedsHttps } from '../../lib/secure-origin.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import { fetchIngestInfo, generateStreamKey, rememberStreamKey } from '../../queries/ingest.ts';
import { raidStream, setStreamLive } from '../../queries/live.ts';
import { useOwnRecordingSettingQuery } from '../../queries/recordings.ts';
import type { BroadcastMethod } from './broadcast-method.tsx';
import { ConnectPrompt } from './connect-prompt.tsx';
import type { HostSession } from './host-session.ts';
import { HttpsRequired } from './https-required.tsx';
import { raidFailure } from './raid-picker.tsx';
import { saveStream } from './save-stream.ts';
import { ownedByOtherMessage, ownershipRefusal } from './stream-owner.ts';
import { StreamRecap } from './stream-recap.tsx';
import { TokenForm } from './token-form.tsx';
import { TokenPreview } from './token-preview.tsx';
import { canStart, initialWizard, wizardReducer } from './wizard-state.ts';

// The broadcaster and livekit-client load only once a stream is being started.
const Broadcaster = lazy(() => import('./broadcaster.tsx'));
const loadStart = () => import('./start-broadcast.ts');

interface Live {
  session: HostSession;
  address: string;
  startedAt: number;
}

/** Route /start-streaming: the three-step wizard (spec §2, §4, §5). */
export function Component() {
  const { t } = useTranslation();
  const address = useSession()?.user.address ?? null;
  // "Start streaming this token" on a token's page without a stream opens the wizard with its address.
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(wizardReducer, initialWizard, (s) => ({
    ...s,
    address: params.get('token')?.trim() ?? '',
  }));
  const [starting, setStarting] = useState(false);
  /** The wizard's NSFW box: the stream is left out of lists unless a visitor asks for NSFW. */
  const [nsfw, setNsfw] = useState(false);
  /**
   * The wizard's recording box (issue 30): the creator's choice for this token, else the stream's current
   * switch where they already own it, else on (every broadcast is recorded unless its creator says no).
   */
  const [recordChoice, setRecordChoice] = useState<{ mint: string; on: boolean } | null>(null);
  const previewMint = state.step === 'preview' ? state.preview?.address : undefined;
  const ownRecording = useOwnRecordingSettingQuery(previewMint);
  const record =
    (recordChoice && recordChoice.mint === previewMint ? recordChoice.on : undefined) ??
    ownRecording.data?.enabled ??
    true;
  const [live, setLive] = useState<Live | null>(null);
  const [method, setMethod] = useState<BroadcastMethod>('browser');
  /** The broadcast just ended: its recap shows until the creator moves on. */
  const [ended, setEnded] = useState<{ mint: string; title: string } | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The browser needs https for the camera; streaming software does not.
  const needsHttps = pageNeedsHttps() && method === 'browser';
  const liveRef = useRef<Live | null>(null);
  liveRef.current = live;

  /** Leave the broadcast and start over with every field cleared (end, room closed, wallet gone). */
  const finish = useCallback(async () => {
    const current = liveRef.current;
    liveRef.current = null;
    setLive(null);
    dispatch({ type: 'reset' });
    await current?.session.stop().catch(() => undefined);
  }, []);

  // Disconnecting (or switching) the wallet returns to step 1 with all fields cleared.
  const previousAddress = useRef(address);
  useEffect(() => {
    if (previousAddress.current !== address) void finish();
    previousAddress.current = address;
  }, [address, finish]);

  // Leaving the page disconnects; the media webhooks then take the stream offline after the grace period.
  useEffect(() => () => void liveRef.current?.session.stop(), []);

  // Fetch the broadcaster's code while the user reviews the preview, so Start does not wait for it.
  useEffect(() => {
    if (state.step === 'preview') void loadStart();
  }, [state.step]);

  /**
   * A failed start: a stream that turned out to be another wallet's goes back to step 1 with the reason
   * inline (someone claimed the token after step 1's check); anything else is the spec's toast.
   */
  const startFailed = async (err: unknown, mint: string) => {
    const api = err instanceof ApiError ? err : (err as { cause?: unknown })?.cause;
    if (api instanceof ApiError && api.code === STREAM_OWNED_BY_OTHER && address) {
      const message = (await ownershipRefusal(mint, address)) ?? ownedByOtherMessage(null);
      dispatch({ type: 'refused', message });
    } else notify.error(t('live.startFailed'));
  };

  /**
   * "Set Up OBS Stream": save the stream (not live), make sure it has a stream key (a new one only when it has
   * none, so a key already in OBS keeps working), and open its dashboard with the WHIP URL and key.
   */
  const setUpObs = async () => {
    if (!state.preview || !address || !canStart(state)) return;
    setStarting(true);
    try {
      const mint = state.preview.address;
      await saveStream({
        preview: state.preview,
        title: state.title,
        description: state.description,
        nsfw,
        record,
      });
      const info = await fetchIngestInfo(mint);
      if (!info.hasKey) rememberStreamKey(queryClient, mint, await generateStreamKey(mint));
      navigate(`/dashboard/${mint}`);
    } catch (err) {
      await startFailed(err, state.preview.address);
    } finally {
      setStarting(false);
    }
  };

  const start = async () => {
    if (method === 'obs') return setUpObs();
    if (!state.preview || !address || !canStart(state)) return;
    setStarting(true);
    try {
      const { startBroadcast } = await loadStart();
      const session = await startBroadcast({
        preview: state.preview,
        title: state.title,
        description: state.description,
        nsfw,
        record,
        participantName: address,
      });
      session.onEnded = () => void finish();
      setLive({ session, address, startedAt: Date.now() });
      dispatch({ type: 'started' });
      notify.success(t('live.started'));
    } catch (err) {
      await startFailed(err, state.preview.address);
    } finally {
      setStarting(false);
    }
  };

  const end = async (raidTo: string | null) => {
    const current = liveRef.current;
    if (!current) return;
    try {
      // The flag first (the call can fail while the room is still up), then the broadcast. A raid ends the
      // stream itself, after its audience was sent on; a refused raid leaves the broadcast running.
      if (raidTo) await raidStream(current.session.mint, raidTo);
      else await setStreamLive(current.session.mint, false);
    } catch (err) {
      notify.error(raidTo ? raidFailure(t, err) : t('live.endFailed'));
      return;
    }
    if (raidTo) notify.success(t('raid.raided'));
    const title = state.title;
    await finish();
    setEnded({ mint: current.session.mint, title });
    notify.success(t('live.ended'));
  };

  if (ended && address) {
    return <StreamRecap mint={ended.mint} title={ended.title} onStartAgain={() => setEnded(null)} />;
  }

  if (state.step === 'streaming' && live) {
    return (
      <Suspense fallback={<div className="fixed inset-0 z-50 bg-black" />}>
        <Broadcaster session={live.session} title={state.title} startedAt={live.startedAt} onEnd={end} />
      </Suspense>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/20 sm:p-8">
        {needsHttps && <HttpsRequired />}
        {!address ? (
          <ConnectPrompt />
        ) : (
          <>
            <header className="mb-6 space-y-1">
              <p className="text-xs font-semibold tracking-wider text-brand uppercase">
                {t('start.step', { n: state.step === 'input' ? 1 : 2 })}
              </p>
              <h1 className="text-2xl font-bold text-fg">
                {state.step === 'input' ? t('start.startYourStream') : t('start.reviewTitle')}
              </h1>
              <p className="text-sm text-muted">
                {state.step === 'input' ? t('start.inputText') : t('start.reviewText')}
              </p>
            </header>
            {state.step === 'preview' && state.preview ? (
              <TokenPreview
                preview={state.preview}
                title={state.title}
                description={state.description}
                nsfw={nsfw}
                onNsfw={setNsfw}
                record={record}
                onRecord={(on) => previewMint && setRecordChoice({ mint: previewMint, on })}
                method={method}
                onMethod={setMethod}
                starting={starting}
                canStart={canStart(state) && !needsHttps}
                onTitle={(value) => dispatch({ type: 'title', value })}
                onDescription={(value) => dispatch({ type: 'description', value })}
                onBack={() => dispatch({ type: 'back' })}
                onStart={() => void start()}
              />
            ) : (
              <TokenForm
                me={address}
                address={state.address}
                error={state.lookupError}
                onAddress={(value) => dispatch({ type: 'address', value })}
                onFound={(preview) =>
                  dispatch({
                    type: 'lookupOk',
                    preview,
                    // Spec §5's defaults ("{name} Live Trading", "Live trading and analysis for {name}
                    // ({symbol})"), in the creator's language.
                    defaults: {
                      title: t('start.defaults.title', { name: preview.name }),
                      description: t('start.defaults.description', {
                        name: preview.name,
                        symbol: preview.symbol,
                      }),
                    },
                  })
                }
                onFailed={(message) => dispatch({ type: 'lookupFailed', message })}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
