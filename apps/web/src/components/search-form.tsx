import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchHref } from './search-target.ts';

interface Props {
  placeholder: string;
  label: string;
  /** Called after a submit that navigated (the mobile top bar closes its search row). */
  onDone?: () => void;
  size?: 'md' | 'lg';
  autoFocus?: boolean;
  className?: string;
}

/** The search box of the top bar and the home page: same rules and same clearing in both places. */
export function SearchForm({ placeholder, label, onDone, size = 'md', autoFocus, className = '' }: Props) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const href = searchHref(text);
    if (!href) return;
    setText('');
    navigate(href);
    onDone?.();
  };
  const tall = size === 'lg';
  return (
    <form onSubmit={submit} className={`relative w-full ${className}`}>
      <Search
        aria-hidden
        className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted ${tall ? 'left-4 size-5' : 'left-3 size-4'}`}
      />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: only set when the user just opened the mobile search.
        autoFocus={autoFocus}
        className={`w-full rounded-xl border border-border bg-surface-2 text-fg placeholder:text-muted/80 transition-colors outline-none focus:border-brand/60 focus:ring-2 focus:ring-brand/20 ${
          tall ? 'h-14 pr-4 pl-12 text-base' : 'h-10 pr-3 pl-9 text-sm'
        }`}
      />
    </form>
  );
}
