-- The live stream's events are numbered by `seq`, taken when a row is written, but rows become
-- visible when their transaction commits, which may be in another order. Each row now records
-- the transaction that wrote it (set again when a row is refreshed), so a stream can find rows
-- that committed late with a lower number than one it has already sent
-- (notifications.repository.ts findSince, docs/notifications.md#event-order).
ALTER TABLE "notifications" ADD COLUMN "xact" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_xact_idx" ON "notifications" USING btree ("user_id","xact");
