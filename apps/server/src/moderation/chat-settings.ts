import { DEFAULT_CHAT_RULES, type TChatRules } from '@mintcast/contracts';

/** The settings columns of `chat_settings`, as a row or a left join (null when the stream has no row). */
export interface ChatSettingsColumns {
  slow_mode_seconds: number | null;
  followers_only: boolean | null;
  link_allowlist: string[] | null;
  shield: boolean | null;
}

/** The chat's modes as the creator set them (defaults when never set). */
export const rulesOf = (row: ChatSettingsColumns | undefined | null): TChatRules =>
  row
    ? {
        slowModeSeconds: row.slow_mode_seconds ?? DEFAULT_CHAT_RULES.slowModeSeconds,
        followersOnly: row.followers_only ?? DEFAULT_CHAT_RULES.followersOnly,
        linkAllowlist: row.link_allowlist ?? DEFAULT_CHAT_RULES.linkAllowlist,
        shield: row.shield ?? DEFAULT_CHAT_RULES.shield,
      }
    : DEFAULT_CHAT_RULES;
