export * from './queue';
export * from './maintenance';
