import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button.ts';

/**
 * A short list the creator edits as chips: a field with an add button, and each entry with its remove
 * button (banned words, allowed link domains). `normalize` turns what was typed into an entry, or null.
 */
export function ChipListEditor({
  items,
  onChange,
  normalize,
  maxLength,
  placeholder,
  inputLabel,
  addLabel,
  removeLabel,
  hint,
  invalidText,
  testId,
}: {
  items: readonly string[];
  onChange: (next: string[]) => void;
  normalize: (typed: string) => string | null;
  maxLength: number;
  placeholder: string;
  inputLabel: string;
  addLabel: string;
  removeLabel: (item: string) => string;
  hint: string;
  invalidText?: string;
  testId?: string;
}) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = () => {
    if (!typed.trim()) return;
    const item = normalize(typed);
    if (item === null) return setInvalid(true);
    if (!items.includes(item)) onChange([...items, item]);
    setTyped('');
  };
  return (
    <div data-testid={testId}>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <input
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setInvalid(false);
          }}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={inputLabel}
          aria-invalid={invalid || undefined}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface-2 px-2.5 text-sm outline-none focus:border-brand/60 aria-[invalid]:border-down"
        />
        <button type="submit" className={buttonClass('secondary', 'sm', 'h-8')} aria-label={addLabel}>
          <Plus className="size-4" aria-hidden />
        </button>
      </form>
      {invalid && invalidText && (
        <p className="mt-1 text-xs text-down" role="alert">
          {invalidText}
        </p>
      )}
      {items.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full bg-surface-2 py-0.5 pr-1 pl-2.5 text-xs"
            >
              {item}
              <button
                type="button"
                onClick={() => onChange(items.filter((x) => x !== item))}
                className="rounded-full p-0.5 text-muted hover:bg-down/15 hover:text-down"
                aria-label={removeLabel(item)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-muted">{hint}</p>
      )}
    </div>
  );
}
