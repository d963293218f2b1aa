/**
 * Public API of @edu-portal/core: the framework-free core shared by elements, React hosts and legacy pages. Each
 * folder is one concept and lists its public names in its own `index.ts`; a name is exported by one folder only.
 */
export * from './constants.ts';
export * from './platform/index.ts';
export * from './http/index.ts';
export * from './session/index.ts';
export * from './auth/index.ts';
export * from './i18n/index.ts';
export * from './theme/index.ts';
export * from './version/index.ts';
export * from './scroll/index.ts';
export * from './validate/index.ts';
export * from './format/index.ts';
export * from './export/index.ts';
export * from './viewport/index.ts';
export * from './permissions/index.ts';
export * from './desktop/index.ts';
export * from './messages/index.ts';
export * from './identity/index.ts';
export * from './upload/index.ts';
export * from './voice/index.ts';
export * from './face/index.ts';
