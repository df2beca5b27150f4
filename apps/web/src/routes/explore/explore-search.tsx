import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The explore search box: a blank submit is ignored (spec §5); the box keeps the active term. */
export function ExploreSearch({ term, onSearch }: { term: string; onSearch: (q: string | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(term);
  // Follow the URL when it changes from elsewhere (top-bar search, back button).
  useEffect(() => setText(term), [term]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q !== '') onSearch(q);
  };
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:max-w-xl">
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
        />
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('explore.placeholder')}
          aria-label={t('explore.label')}
          autoComplete="off"
          spellCheck={false}
          // The app draws its own clear button: hide the browser's, so there is one ×, not two.
          className="h-11 w-full rounded-xl border border-border bg-surface-2 pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden text-sm text-fg outline-none transition-colors placeholder:text-muted/80 focus:border-brand/60 focus:ring-2 focus:ring-brand/20"
        />
        {term && (
          <button
            type="button"
            onClick={() => onSearch(null)}
            aria-label={t('explore.clear')}
            className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-fg"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      <button
        type="submit"
        className="h-11 shrink-0 rounded-xl bg-brand px-5 text-sm font-semibold text-on-brand hover:bg-brand-strong"
      >
        {t('explore.search')}
      </button>
    </form>
  );
}
