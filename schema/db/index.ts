export * as tables from './tables';
export * from './tables';
