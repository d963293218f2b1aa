// Kept so that specs written against it elsewhere still build: every helper is in ./helpers.ts; import from there.
export * from './helpers.ts';
