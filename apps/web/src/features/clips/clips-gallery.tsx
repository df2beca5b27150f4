import { clipPath } from '@mintcast/contracts';
import { Scissors } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStreamClipsQuery } from '../../queries/clips.ts';

/** How many clips the stream page shows. */
const SHOWN = 8;

/** A token's clips on its stream page (issue 30), newest first; nothing without clips. */
export function ClipsGallery({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const clips = useStreamClipsQuery(mint);
  const items = clips.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="stream-clips" className="flex flex-col gap-3">
      <h2 id="stream-clips" className="flex items-center gap-2 text-lg font-semibold">
        <Scissors className="size-5" aria-hidden />
        {t('clip.gallery')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.slice(0, SHOWN).map((c) => (
          <li key={c.id}>
            <Link to={clipPath(c.id)} className="group flex flex-col gap-1.5 text-sm">
              <img
                src={c.posterUrl}
                alt=""
                width={c.width}
                height={c.height}
                loading="lazy"
                className="aspect-video w-full rounded-xl border border-border bg-black object-cover group-hover:border-brand"
              />
              <span className="line-clamp-2 font-medium">{c.title}</span>
              <span className="text-xs text-muted">
                {t('clip.seconds', { count: Math.round(c.durationMs / 1000) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
