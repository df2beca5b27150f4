import { ShieldAlert } from 'lucide-react';

/** Shown instead of a broadcast that would fail: the page is plain http on an address other than localhost. */
export function HttpsRequired() {
  return (
    <div
      role="alert"
      data-testid="https-required"
      className="mb-6 flex gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-fg"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-400" />
      <div className="space-y-1">
        <p className="font-semibold">Broadcasting needs https</p>
        <p className="text-muted">
          This site is open over plain http at {window.location.host}, and browsers only share a camera and
          microphone with secure (https) sites. Open it through https, or on the machine that runs it at
          localhost, to go live. Watching works either way.
        </p>
      </div>
    </div>
  );
}
