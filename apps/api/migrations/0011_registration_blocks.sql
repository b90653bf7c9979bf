CREATE TABLE "registration_blocks" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
