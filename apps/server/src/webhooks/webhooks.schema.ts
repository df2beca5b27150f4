import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 1240: a creator's endpoints (URL and secret sealed), the trigger-fed outbox, the delivery log. */
export interface WebhookTables {
  webhook_endpoints: {
    id: Generated<string>;
    creator_address: string;
    url_sealed: string;
    url_display: string;
    secret_sealed: string;
    events: string[];
    created_at: Generated<Date>;
  };
  webhook_outbox: {
    id: Generated<string>;
    event_id: Generated<string>;
    creator_address: string;
    event_type: string;
    data: unknown;
    created_at: Generated<Date>;
    claimed_until: Date | null;
  };
  webhook_deliveries: {
    id: Generated<string>;
    endpoint_id: string;
    creator_address: string;
    event_id: string;
    event_type: string;
    data: unknown;
    occurred_at: Timestamp;
    status: Generated<string>;
    attempts: Generated<number>;
    last_status: number | null;
    last_error: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}
