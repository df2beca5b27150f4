import { type Kysely, sql } from 'kysely';

/**
 * Creator webhooks (issue 35 item 6, decision 029). `webhook_endpoints`: a creator's HTTPS endpoints, the URL and
 * the signing secret sealed (AES-256-GCM, auth/secret-box.ts). `webhook_outbox`: events written by triggers in the
 * same transaction as what happened (a stream going live or offline, a tip, a follow, a clip), only for creators
 * with an endpoint subscribed to that event, so no code path can forget one and no instance sends it twice.
 * `webhook_deliveries`: one row per event and endpoint (the cockpit's log); the pg-boss job of a delivery has the
 * delivery's id, so an event fanned out twice after a crash is queued once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      creator_address text NOT NULL,
      url_sealed text NOT NULL,
      url_display text NOT NULL,
      secret_sealed text NOT NULL,
      events text[] NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_creator_idx ON webhook_endpoints (creator_address)`.execute(db);
  await sql`
    CREATE TABLE webhook_outbox (
      id bigserial PRIMARY KEY,
      event_id uuid NOT NULL DEFAULT gen_random_uuid(),
      creator_address text NOT NULL,
      event_type text NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_until timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      creator_address text NOT NULL,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      data jsonb NOT NULL,
      occurred_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      last_status integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, endpoint_id)
    )`.execute(db);
  await sql`
    CREATE INDEX webhook_deliveries_creator_idx ON webhook_deliveries (creator_address, created_at DESC)
  `.execute(db);

  // The one place events are written: queued only when the stream's creator has an endpoint wanting the type.
  await sql`
    CREATE FUNCTION webhook_emit(p_mint text, p_type text, p_data jsonb) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      who text;
    BEGIN
      SELECT creator_address INTO who FROM streams WHERE mint = p_mint;
      IF who IS NULL THEN
        RETURN;
      END IF;
      IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE creator_address = who AND p_type = ANY (events)) THEN
        INSERT INTO webhook_outbox (creator_address, event_type, data) VALUES (who, p_type, p_data);
      END IF;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION webhook_on_stream() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_emit(
        NEW.mint,
        CASE WHEN NEW.is_currently_live THEN 'stream.live' ELSE 'stream.offline' END,
        jsonb_build_object('mint', NEW.mint, 'name', NEW.name, 'symbol', NEW.symbol)
      );
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER webhook_stream_live_changed AFTER UPDATE OF is_currently_live ON streams
    FOR EACH ROW WHEN (OLD.is_currently_live IS DISTINCT FROM NEW.is_currently_live)
    EXECUTE FUNCTION webhook_on_stream()`.execute(db);
  await sql`
    CREATE TRIGGER webhook_stream_created_live AFTER INSERT ON streams
    FOR EACH ROW WHEN (NEW.is_currently_live)
    EXECUTE FUNCTION webhook_on_stream()`.execute(db);
  await sql`
    CREATE FUNCTION webhook_on_tip() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_emit(NEW.stream_id, 'tip', jsonb_build_object(
        'mint', NEW.stream_id, 'txHash', NEW.tx_hash, 'from', NEW.from_address, 'amountWei', NEW.amount_wei::text
      ));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER webhook_tip AFTER INSERT ON tips FOR EACH ROW EXECUTE FUNCTION webhook_on_tip()
  `.execute(db);
  await sql`
    CREATE FUNCTION webhook_on_follow() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_emit(NEW.stream_id, 'follow',
        jsonb_build_object('mint', NEW.stream_id, 'follower', NEW.user_address));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER webhook_follow AFTER INSERT ON subscriptions FOR EACH ROW EXECUTE FUNCTION webhook_on_follow()
  `.execute(db);
  await sql`
    CREATE FUNCTION webhook_on_clip() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_emit(NEW.stream_id, 'clip', jsonb_build_object(
        'mint', NEW.stream_id, 'clipId', NEW.id::text, 'title', NEW.title, 'durationMs', NEW.duration_ms
      ));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER webhook_clip AFTER INSERT ON clips FOR EACH ROW EXECUTE FUNCTION webhook_on_clip()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER webhook_clip ON clips`.execute(db);
  await sql`DROP TRIGGER webhook_follow ON subscriptions`.execute(db);
  await sql`DROP TRIGGER webhook_tip ON tips`.execute(db);
  await sql`DROP TRIGGER webhook_stream_created_live ON streams`.execute(db);
  await sql`DROP TRIGGER webhook_stream_live_changed ON streams`.execute(db);
  await sql`DROP FUNCTION webhook_on_clip(), webhook_on_follow(), webhook_on_tip(), webhook_on_stream()`.execute(
    db,
  );
  await sql`DROP FUNCTION webhook_emit(text, text, jsonb)`.execute(db);
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_outbox`.execute(db);
  await sql`DROP TABLE webhook_endpoints`.execute(db);
}
