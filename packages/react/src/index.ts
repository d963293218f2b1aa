export * from './wrappers/index.ts';
export * from './hooks.ts';
export * from './permit.tsx';
