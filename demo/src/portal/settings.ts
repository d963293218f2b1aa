// The demo host's portal settings: what a deployment would configure.

/**
 * The Windows client (spec part 1 §2 "Download dialog"). The reference server makes both packages for the address
 * the browser used: the installer (a setup script that puts a shortcut to this portal on the desktop and in the
 * Start menu) and the portable package (the shortcut and a read-me). A deployment points these at its own files.
 */
export const DOWNLOADS = {
  installerUrl: '/common/download/edu-portal-setup.zip',
  portableUrl: '/common/download/edu-portal-portable.zip',
  version: '2.0.0',
} as const;
