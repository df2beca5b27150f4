/** A call to the Bot API never holds the go-live round longer than this. */
const TIMEOUT_MS = 10_000;

export type TelegramAnswer = { ok: true } | { ok: false; status: number; description: string };

/**
 * The two Telegram Bot API methods we use, at the operator's TELEGRAM_API_URL (a stand-in in tests). The token
 * is part of the path (`/bot<token>/method`), so URLs are never logged.
 */
export const createTelegramApi = (apiUrl: string) => {
  const call = async (token: string, method: string, body: object): Promise<TelegramAnswer> => {
    let res: Response;
    try {
      res = await fetch(`${apiUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { ok: false, status: 0, description: 'Telegram could not be reached' };
    }
    const json = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
    if (res.ok && json?.ok === true) return { ok: true };
    return { ok: false, status: res.status, description: String(json?.description ?? `HTTP ${res.status}`) };
  };
  return {
    /** Whether the token names a live bot (401/404 for a revoked or made-up one). */
    getMe: (token: string) => call(token, 'getMe', {}),
    sendMessage: (token: string, chatId: string, text: string) =>
      call(token, 'sendMessage', { chat_id: chatId, text }),
  };
};

export type TelegramApi = ReturnType<typeof createTelegramApi>;
