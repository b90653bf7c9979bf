ALTER TABLE "takedown_requests" ADD COLUMN "receipt_number" text;--> statement-breakpoint
-- Requests made before receipt numbers get one drawn as the app draws them
-- (apps/api/src/modules/takedowns/receipt-number.ts); the subquery names the row so it is drawn
-- again for each one.
UPDATE "takedown_requests" AS "t" SET "receipt_number" = (
  SELECT substr("drawn", 1, 4) || '-' || substr("drawn", 5, 4)
  FROM (
    SELECT string_agg(substr('34679ACDEFGHJKMNPRTWXY', 1 + floor(random() * 22)::int, 1), '') AS "drawn"
    FROM generate_series(1, 8) AS "g"
    WHERE "t"."id" IS NOT NULL
  ) AS "d"
) WHERE "receipt_number" IS NULL;--> statement-breakpoint
ALTER TABLE "takedown_requests" ALTER COLUMN "receipt_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_requests_receipt_number_key" ON "takedown_requests" USING btree ("receipt_number");
