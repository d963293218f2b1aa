/** Viewport loader (spec part 2 §2, §3, §4, §7). */
export {
  VIEWPORT_REGISTRY,
  ViewportError,
  isViewportName,
  readViewportParams,
  toViewportHandle,
  type ViewportParams,
  type ViewportContext,
  type ViewportHandle,
  type ViewportMount,
  type ViewportErrorKind,
} from './viewport.ts';
export {
  manifestUrl,
  resolveAppUrl,
  manifestEntry,
  fetchManifest,
  clearManifestCache,
  loadScript,
  loadStyle,
  registeredMount,
  loadViewportApp,
  type ViewportManifest,
  type ViewportOptions,
  type ViewportEntry,
} from './loader.ts';
