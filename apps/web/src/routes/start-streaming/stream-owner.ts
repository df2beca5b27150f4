import { shortenAddress, ZStreamLookup } from '@mintcast/contracts';
import { apiFetch } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

/**
 * Step 1's ownership check: the refusal to show when the token's stream was created by another wallet
 * (decision 006: only its creator may stream it), or null when it has no stream yet or it is `me`'s. A failed
 * check lets the creator on: the server refuses the upsert anyway, with the same reason (STREAM_OWNED_BY_OTHER).
 */
export const ownershipRefusal = async (mint: string, me: string): Promise<string | null> => {
  try {
    const { stream } = await apiFetch(`/api/streams/${encodeURIComponent(mint)}/lookup`, ZStreamLookup);
    const owner = stream?.creator_address ?? null;
    return owner && owner !== me.toLowerCase() ? ownedByOtherMessage(owner) : null;
  } catch {
    return null;
  }
};

/** "This token's stream belongs to another wallet (0x12ab...cdef)…" */
export const ownedByOtherMessage = (owner: string | null): string =>
  i18n.t('start.ownedByOther', { owner: owner ? shortenAddress(owner) : '—' });
