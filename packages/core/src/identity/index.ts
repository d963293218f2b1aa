/** Portal shell: identity switch, children, licence (spec part 1 §2, §4–§6). */
export {
  fromWirePairedIdentity,
  identityOptions,
  hasIdentitySwitch,
  canSwitchIdentity,
  identitySwitchTarget,
  type PairedIdentity,
  type IdentityOption,
  type IdentitySwitchContext,
} from './switch.ts';
export {
  canSelectChild,
  rememberedChildKey,
  readRememberedChild,
  rememberChild,
  shouldOpenChildSelection,
  childToSelect,
  type ChildSelectionContext,
} from './children.ts';
export { readLicenceAnswer, licenceExpiredText, type LicenceState } from './licence.ts';
export {
  IDENTITY_PATHS,
  LICENCE_PATHS,
  checkModuleLicence,
  type LicenceCheckOptions,
  getPairedIdentity,
  switchIdentity,
  getChildren,
  getCurrentChild,
  setCurrentChild,
  loadParentContext,
  selectChild,
  type IdentityDeps,
  type SwitchResult,
  type ChildSelectResult,
} from './api.ts';
