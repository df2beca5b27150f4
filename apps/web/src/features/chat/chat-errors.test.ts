import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { i18n, switchLanguage } from '../../lib/i18n/i18n.ts';
import { chatErrorText } from './chat-errors.ts';

const refusal = (code: string, message: string, details?: unknown) =>
  new ApiError(429, code, message, details);

describe('chat refusals in the visitor’s language (issue 29)', () => {
  it('says each server code with its figures in English, Spanish and French', async () => {
    const t = i18n.getFixedT('en');
    expect(chatErrorText(refusal('slow_mode', 'x', { seconds: 7 }), t)).toBe(
      'Slow mode is on. You can send another message in 7 s',
    );
    expect(chatErrorText(refusal('rate_limited', 'x', { seconds: 3 }), t)).toBe(
      'You are sending messages too fast. Try again in 3 s',
    );
    expect(chatErrorText(refusal('muted', 'x', { minutes: 1 }), t)).toBe(
      'You are muted in this chat by the host for 1 more minute',
    );
    expect(chatErrorText(refusal('banned_word', 'x', { word: 'scam' }), t)).toBe(
      'Your message was not sent: "scam" is not allowed in this chat',
    );
    expect(chatErrorText(refusal('chat_banned', 'x'), t)).toBe('You are banned from this chat');
    expect(chatErrorText(refusal('links_off', 'x', { host: 'scam.xyz' }), t)).toBe(
      'Your message was not sent: links to scam.xyz are not allowed in this chat',
    );

    await switchLanguage('es'); // loads the Spanish catalog
    const es = i18n.getFixedT('es');
    expect(chatErrorText(refusal('slow_mode', 'x', { seconds: 7 }), es)).toBe(
      'El modo lento está activado. Podrás enviar otro mensaje en 7 s',
    );
    expect(chatErrorText(refusal('muted', 'x', { minutes: 5 }), es)).toBe(
      'El anfitrión te ha silenciado en este chat durante 5 minutos más',
    );
    await switchLanguage('fr');
    const fr = i18n.getFixedT('fr');
    expect(chatErrorText(refusal('rate_limited', 'x', { seconds: 2 }), fr)).toBe(
      'Vous envoyez des messages trop vite. Réessayez dans 2 s',
    );
    expect(chatErrorText(refusal('banned', 'x'), fr)).toBe('Votre portefeuille est banni de Mintcast');
  });

  it('says the holder chat refusals (issue 34 item 4) with the token and how to qualify, in three languages', async () => {
    const t = i18n.getFixedT('en');
    expect(chatErrorText(refusal('holders_only', 'x', { symbol: 'XSTRM' }), t)).toBe(
      'This chat is for $XSTRM holders only. Buy $XSTRM to chat.',
    );
    expect(chatErrorText(refusal('holder_slow_mode', 'x', { seconds: 20, symbol: 'XSTRM' }), t)).toBe(
      'Slow mode is on for non-holders. You can send another message in 20 s, or hold $XSTRM to chat without waiting',
    );
    expect(chatErrorText(refusal('holder_balance_unavailable', 'x', { symbol: 'XSTRM' }), t)).toBe(
      'Your message was not sent: your $XSTRM balance could not be checked on BNB Smart Chain right now. Try again in a moment',
    );
    await switchLanguage('es');
    expect(chatErrorText(refusal('holders_only', 'x', { symbol: 'XSTRM' }), i18n.getFixedT('es'))).toBe(
      'Este chat es solo para poseedores de $XSTRM. Compra $XSTRM para chatear.',
    );
    await switchLanguage('fr');
    expect(
      chatErrorText(refusal('holder_slow_mode', 'x', { seconds: 5, symbol: 'XSTRM' }), i18n.getFixedT('fr')),
    ).toBe(
      'Le mode lent est activé pour les non-détenteurs. Vous pourrez envoyer un autre message dans 5 s, ou détenez du $XSTRM pour discuter sans attendre',
    );
    expect(chatErrorText(refusal('holders_only', 'Holders only (server text)'), t)).toBe(
      'Holders only (server text)',
    );
  });

  it('falls back to the server’s message for a code without text, or without its figures', () => {
    const t = i18n.getFixedT('en');
    expect(chatErrorText(refusal('brand_new_rule', 'Something new'), t)).toBe('Something new');
    expect(chatErrorText(refusal('slow_mode', 'Slow mode is on (old server)'), t)).toBe(
      'Slow mode is on (old server)',
    );
    expect(chatErrorText(new Error('boom'), t)).toBe('Failed to send message');
  });
});
