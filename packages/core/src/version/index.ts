/** Version info (spec part 2 §3, §5, §7, §8). */
export {
  VERSION_SEGMENT_DIGITS,
  versionKey,
  compareVersions,
  findVersionMismatches,
  type VersionMismatch,
} from './compare.ts';
export {
  versionUrls,
  loadVersionInfo,
  fromWireVersions,
  toWireVersions,
  type VersionInfo,
  type VersionInfoOptions,
  type VersionRecord,
  type WireVersionRecord,
  type PackageInfo,
  type ServerVersionInfo,
} from './api.ts';
export { versionNoteText, copyrightYears, type VersionNote } from './text.ts';
