import { z } from 'zod';
import { ZAddress } from './address.ts';
import { ZChatMessageId } from './chat.ts';
import { LINK_ALLOWLIST_MAX, LINK_DOMAIN_RE } from './chat-links.ts';
import { ZUuid } from './recordings.ts';
import { format, ZText } from './text.ts';

/** Slow mode: seconds a wallet waits between two messages in one chat (0 = off). */
export const SLOW_MODE_MAX_SECONDS = 120;
export const BANNED_WORDS_MAX = 200;
export const BANNED_WORD_MAX_LENGTH = 40;

/** Shield mode's slow mode, unless the chat's own is slower. */
export const SHIELD_SLOW_MODE_SECONDS = 30;

/**
 * Chat modes every viewer sees (and every instance enforces), as the creator set them. Shield mode puts
 * stricter ones on top without changing these, so switching it off restores them: see `effectiveChatRules`.
 */
export const ZChatRules = z.object({
  slowModeSeconds: z.number().int().min(0).max(SLOW_MODE_MAX_SECONDS),
  followersOnly: z.boolean(),
  /** Links are off except to these domains (and their subdomains). */
  linkAllowlist: z.array(z.string()).default([]),
  /** Followers-only, slow mode, links off and the strictest word list, in one switch. */
  shield: z.boolean().default(false),
});
export type TChatRules = z.infer<typeof ZChatRules>;

export const DEFAULT_CHAT_RULES: TChatRules = {
  slowModeSeconds: 0,
  followersOnly: false,
  linkAllowlist: [],
  shield: false,
};

/** The modes in force: the creator's, or with Shield mode on, followers-only, slow mode and no links. */
export const effectiveChatRules = (rules: TChatRules): TChatRules =>
  rules.shield
    ? {
        ...rules,
        followersOnly: true,
        slowModeSeconds: Math.max(rules.slowModeSeconds, SHIELD_SLOW_MODE_SECONDS),
        linkAllowlist: [],
      }
    : rules;

const ZLinkDomain = format(
  'domain',
  z.string().max(253).regex(LINK_DOMAIN_RE, 'Enter a domain name such as example.com'),
);

const ZBannedWord = z.pipe(
  ZText({
    kind: 'name',
    min: 1,
    max: BANNED_WORD_MAX_LENGTH,
    minMessage: 'A banned word cannot be empty',
    maxMessage: `A banned word is at most ${BANNED_WORD_MAX_LENGTH} characters`,
  }),
  z.transform((w: string) => w.toLowerCase()),
);

/** `PUT /api/streams/{mint}/chat-settings` (creator only): any subset of the settings. */
export const ZChatSettingsUpdate = z
  .object({
    slowModeSeconds: z.number().int().min(0).max(SLOW_MODE_MAX_SECONDS).optional(),
    followersOnly: z.boolean().optional(),
    bannedWords: z.array(ZBannedWord).max(BANNED_WORDS_MAX).optional(),
    linkAllowlist: z
      .array(ZLinkDomain)
      .max(LINK_ALLOWLIST_MAX, `At most ${LINK_ALLOWLIST_MAX} allowed domains`)
      .optional(),
  })
  .strict();
export type TChatSettingsUpdate = z.input<typeof ZChatSettingsUpdate>;

/** `PUT /api/streams/{mint}/shield` (creator or moderator). */
export const ZShieldUpdate = z.object({ on: z.boolean() }).strict();

/** What the moderation log records. */
export const MODERATION_LOG_ACTIONS = [
  'delete_message',
  'timeout',
  'lift_timeout',
  'ban',
  'unban',
  'add_moderator',
  'remove_moderator',
  'clear_chat',
  'settings',
  'shield_on',
  'shield_off',
] as const;
export const ZModerationLogAction = z.enum(MODERATION_LOG_ACTIONS);
export type TModerationLogAction = z.infer<typeof ZModerationLogAction>;

/** One moderation action: who did what, when, to whom (a wallet, or null for the whole chat). */
export const ZModerationLogEntry = z.object({
  id: z.string(),
  actor: z.string(),
  action: ZModerationLogAction,
  target: z.string().nullable(),
  /** What changed, in short ("slowModeSeconds=10", the minutes of a timeout, the deleted message's text). */
  detail: z.string(),
  created_at: z.string(),
});
export type TModerationLogEntry = z.infer<typeof ZModerationLogEntry>;
export const ZModerationLog = z.object({ items: z.array(ZModerationLogEntry) });
export type TModerationLog = z.infer<typeof ZModerationLog>;

export const ZStreamRole = z.enum(['creator', 'moderator', 'viewer']);
export type TStreamRole = z.infer<typeof ZStreamRole>;

export const ZChatSanction = z.object({
  address: z.string(),
  kind: z.enum(['ban', 'timeout']),
  /** Timeouts end; bans last until lifted. */
  until: z.string().nullable(),
});
export type TChatSanction = z.infer<typeof ZChatSanction>;

/**
 * The caller's own standing in this chat, so the composer can say why it is closed before they type:
 * banned from this chat or from the whole site, or timed out until a time (ISO).
 */
export const ZChatSelf = z.object({
  banned: z.enum(['chat', 'site']).nullable(),
  mutedUntil: z.string().nullable(),
});
export type TChatSelf = z.infer<typeof ZChatSelf>;

/** `GET /api/streams/{mint}/moderation` — what the creator and moderators manage. */
export const ZChatModeration = z.object({
  role: ZStreamRole,
  rules: ZChatRules,
  bannedWords: z.array(z.string()),
  moderators: z.array(z.string()),
  sanctions: z.array(ZChatSanction),
  self: ZChatSelf.default({ banned: null, mutedUntil: null }),
});
export type TChatModeration = z.infer<typeof ZChatModeration>;

export const ZStreamAddressParams = z.object({ mint: ZAddress, address: ZAddress });

/** Error codes a refused chat post carries, so the composer can explain it. */
export const CHAT_RULE_ERRORS = {
  banned: 'banned',
  chatBanned: 'chat_banned',
  followersOnly: 'followers_only',
  bannedWord: 'banned_word',
  slowMode: 'slow_mode',
  linksOff: 'links_off',
} as const;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first banned word found in `content` as a whole word, case-insensitively, or null. Word edges are
 * letters, digits and underscores of any script, so "ass" does not match "class" and "scam" matches "SCAM!".
 */
export const findBannedWord = (content: string, words: readonly string[]): string | null => {
  for (const word of words) {
    if (!word) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, 'iu');
    if (re.test(content)) return word;
  }
  return null;
};

/** What a viewer is told about the chat's modes: "Slow mode: 10 s", "Followers-only chat". */
export const chatModeLabels = (set: TChatRules): string[] => {
  const rules = effectiveChatRules(set);
  const labels: string[] = [];
  if (rules.shield) labels.push('Shield mode');
  if (rules.slowModeSeconds > 0) labels.push(`Slow mode: ${rules.slowModeSeconds} s`);
  if (rules.followersOnly) labels.push('Followers-only chat');
  return labels;
};

// ---------- Reports ----------

export const REPORT_REASONS = ['violence', 'sexual', 'harassment', 'scam', 'other'] as const;
export const ZReportReason = z.enum(REPORT_REASONS);
export type TReportReason = z.infer<typeof ZReportReason>;
export const REPORT_DETAILS_MAX = 500;
/** Reports one wallet may send per hour. */
export const REPORTS_PER_HOUR = 10;

const ZReportDetails = z._default(ZText({ kind: 'multiline', max: REPORT_DETAILS_MAX }), '');

/** `POST /api/reports` — a stream, one chat message of it, or a clip. */
export const ZReportRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stream'), mint: ZAddress, reason: ZReportReason, details: ZReportDetails }),
  z.object({
    kind: z.literal('message'),
    mint: ZAddress,
    messageId: ZChatMessageId,
    reason: ZReportReason,
    details: ZReportDetails,
  }),
  /** A clip: its stream is the clip's. */
  z.object({ kind: z.literal('clip'), clipId: ZUuid, reason: ZReportReason, details: ZReportDetails }),
]);
export type TReportRequest = z.input<typeof ZReportRequest>;

export const ZReport = z.object({
  id: z.string(),
  kind: z.enum(['stream', 'message', 'clip']),
  reason: ZReportReason,
  details: z.string(),
  reporter: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  stream: z.object({
    mint: z.string(),
    name: z.string(),
    symbol: z.string(),
    creator_address: z.string().nullable(),
    is_currently_live: z.boolean(),
    is_nsfw: z.boolean(),
    hidden: z.boolean(),
  }),
  /** The reported message as it was when reported (it may have been deleted since). */
  message: z
    .object({ id: z.string(), author: z.string(), content: z.string(), created_at: z.string() })
    .nullable(),
  /** The reported clip, and whether it has been removed since. */
  clip: z.object({ id: z.string(), title: z.string(), author: z.string(), removed: z.boolean() }).nullable(),
  /** Is the wallet the report is about (message or clip author, or stream creator) banned site-wide now? */
  subjectBanned: z.boolean(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReportCreated = z.object({ id: z.string() });

// ---------- Administration ----------

export * from './admin-status.ts';

/** Every admin action says why; the reason goes to the audit log. */
export const ZAdminReason = z.object({
  reason: ZText({ kind: 'multiline', min: 1, max: 500, minMessage: 'Give a reason' }),
});

export const ZAdminNsfw = ZAdminReason.extend({ nsfw: z.boolean() });

export const ADMIN_ACTIONS = [
  'end_stream',
  /** Lifts the block an `end_stream` leaves: the creator may go live again. */
  'allow_live',
  'hide_stream',
  'unhide_stream',
  'mark_nsfw',
  'unmark_nsfw',
  'ban_wallet',
  'unban_wallet',
  'dismiss_report',
  /** A reported clip taken down (its files deleted). */
  'remove_clip',
] as const;
export const ZAdminAction = z.enum(ADMIN_ACTIONS);
export type TAdminAction = z.infer<typeof ZAdminAction>;

export const ZAuditEntry = z.object({
  id: z.string(),
  admin: z.string(),
  action: ZAdminAction,
  target: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZPlatformBan = z.object({
  address: z.string(),
  reason: z.string(),
  banned_by: z.string(),
  created_at: z.string(),
});
export type TPlatformBan = z.infer<typeof ZPlatformBan>;

export const ZReportsQuery = z.object({ status: z.enum(['open', 'all']).default('open') });
export const ZReportIdParams = z.object({
  id: format('report-id', z.string().regex(/^[1-9][0-9]{0,18}$/, 'Invalid report id')),
});
export const ZAddressParams = z.object({ address: ZAddress });

export const ZReportList = z.object({ items: z.array(ZReport) });
export const ZAuditLog = z.object({ items: z.array(ZAuditEntry) });
export const ZPlatformBanList = z.object({ items: z.array(ZPlatformBan) });
