export * from './auth.js';
export * from './case.js';
export * from './constants.js';
export * from './envelope.js';
export * from './errors.js';
export * from './health.js';
export * from './messages.js';
export * from './stations.js';
