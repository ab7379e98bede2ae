/**
 * Protected areas, shared by the server and the device. The nation lookup (nation.ts) is left out
 * on purpose: its borders are large, and the web app loads it on its own when a check needs it.
 */
export * from './types';
export * from './geometry';
export * from './check';
export * from './coverage';
export * from './warning';
