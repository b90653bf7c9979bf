/**
 * The id of the `<script type="application/json">` block that carries a server-drawn page's data
 * (server-state.ts); a module of its own so that the entry (main.tsx) reads it without loading
 * the app.
 */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/**
 * The id of the `<template>` that holds a server-drawn page's preloads of its code and first
 * calls: inert until the entry (main.tsx) moves them into the head after the first paint, so
 * that on a slow link the page's own bytes are not shared with its code until it shows.
 */
export const AFTER_PAINT_ELEMENT_ID = 'after-paint';
