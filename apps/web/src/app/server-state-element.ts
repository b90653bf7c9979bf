/**
 * The id of the `<script type="application/json">` block that carries a server-drawn page's data
 * (server-state.ts); a module of its own so that the entry (main.tsx) reads it without loading
 * the app.
 */
export const SERVER_STATE_ELEMENT_ID = 'server-state';
