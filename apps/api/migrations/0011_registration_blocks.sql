-- IF NOT EXISTS: this migration was first journalled with a time before 0009's, so an
-- installation made after it records it and meets it once more (docs/conventions.md#migrations).
CREATE TABLE IF NOT EXISTS "registration_blocks" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
