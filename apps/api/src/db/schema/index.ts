// Drizzle needs every table in one object; this is the schema's single entry point.
export * from './images.js';
export * from './notifications.js';
export * from './posts.js';
export * from './social.js';
export * from './stations.js';
export * from './users.js';
export * from './rankings.js';
export * from './reports.js';
export * from './moderation.js';
export * from './idempotency.js';
export * from './push.js';
export * from './secrets.js';
export * from './rides.js';
export * from './archives.js';
export * from './account-security.js';
export * from './search.js';
