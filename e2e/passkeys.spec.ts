// Passkeys end to end (docs/decisions.md "Passkeys"), in Chromium with its virtual authenticator (DevTools protocol
// `WebAuthn.addVirtualAuthenticator`: internal transport, resident keys, user verification on) against the reference
// server: added in the personal settings behind the password, signed in with the login box's button and through the
// account field's autofill, the login dialog's relogin, two devices and removing one, a cloned credential with a
// stale counter refused, another site's passkey not offered, a cancelled verification leaving the form usable.
// WebAuthn needs a domain for its relying party (never an IP address): these pages are opened on `localhost`.
import { test, expect, type CDPSession, type Page } from '@playwright/test';
import {
  PASSWORD,
  chooseLanguage,
  configureServer,
  expectAccessible,
  expectLanded,
  keepScreenshot,
  loginForm,
  resetServer,
  sessionUser,
  signIn,
  signInWithForm,
} from './login-helpers.ts';

const port = Number(process.env.E2E_PORT ?? 18080);
test.use({ baseURL: `http://localhost:${port}` });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
  await request.post('/api/__test/passkey/reset');
});

interface Device {
  cdp: CDPSession;
  authenticatorId: string;
}

/** A platform authenticator of this tab (Touch ID, Windows Hello, a phone's screen lock) that verifies the user. */
async function addDevice(page: Page, cdp?: CDPSession): Promise<Device> {
  const session = cdp ?? (await page.context().newCDPSession(page));
  if (!cdp) await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp: session, authenticatorId };
}

async function credentialsOf(device: Device) {
  const { credentials } = await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.authenticatorId });
  return credentials;
}

/** Signed out, as the header's logout does: the server ends the session, the page forgets the user. */
async function signOut(page: Page): Promise<void> {
  await page.request.post('/api/uaa/oauth/logout');
  await page.evaluate(() => {
    localStorage.removeItem('user');
    sessionStorage.clear();
  });
}

/** Opens the personal settings' passkey section, signed in. */
async function passkeySection(page: Page) {
  await page.goto('/#/desktop/setting');
  const section = page.getByRole('region', { name: '通行密钥' });
  await expect(section).toBeVisible({ timeout: 15_000 });
  return section;
}

/** Adds a passkey named `name` in the settings, confirming the password when asked. */
async function addInSettings(page: Page, name: string, { password = true } = {}) {
  const section = await passkeySection(page);
  await section.getByLabel('新通行密钥的名称').fill(name);
  await section.getByRole('button', { name: '添加通行密钥' }).click();
  if (password) {
    await expect(section.getByText('为保护您的账号，请先再次输入密码')).toBeVisible();
    await section.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await section.getByRole('button', { name: '确认并添加' }).click();
  }
  await expect(section.getByRole('status')).toHaveText(`已添加通行密钥“${name}”`);
  await expect(section.getByRole('list', { name: '我的通行密钥' }).getByText(name, { exact: true })).toBeVisible();
  return section;
}

const passkeyButton = (page: Page) => page.locator('edu-login-box').getByRole('button', { name: '使用通行密钥登录' });

test('a passkey added in the settings (password asked again) signs in with the button, landing as a password does', async ({
  page,
}) => {
  const device = await addDevice(page);
  await signIn(page, 'teacher1');
  const section = await addInSettings(page, '办公室电脑');
  await expect(section.getByText('尚未使用')).toBeVisible();
  expect(await credentialsOf(device)).toHaveLength(1);
  await expectAccessible(page, '.portal-passkeys');
  await keepScreenshot(page, 'passkeys-settings-zh-CN');

  await signOut(page);
  await page.goto('/#/login');
  await expect(passkeyButton(page)).toBeVisible();
  await expectAccessible(page, 'edu-login-box');
  await passkeyButton(page).click();
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');

  // The settings say when it was last used.
  const again = await passkeySection(page);
  await expect(again.getByText(/上次使用/)).toBeVisible();
});

test('signs in through the account field’s autofill (conditional UI)', async ({ page }) => {
  await addDevice(page);
  await signIn(page, 'teacher1');
  await addInSettings(page, '笔记本');
  await signOut(page);
  await page.goto('/#/login');
  // Coming to the account field offers the passkeys of this site; the virtual authenticator picks the one it holds.
  await loginForm(page.locator('edu-login-box')).account.click();
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
});

test('the login dialog signs in again with a passkey and retries the waiting request', async ({ page, request }) => {
  await addDevice(page);
  await signIn(page, 'teacher1');
  await addInSettings(page, '办公室电脑');
  await page.goto('/#/blocks/login');
  await expect(page.getByTestId('login-demo-user')).toContainText('当前登录');
  await request.post('/api/__test/expire');
  await configureServer(request, { failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401, count: 1 }] });
  await page.getByRole('button', { name: '查询本单位信息' }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  await page.locator('edu-login-dialog').getByRole('button', { name: '使用通行密钥登录' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('login-demo-result')).toHaveText('职业学校：否');
  await expect(page).toHaveURL(/#\/blocks\/login$/);
  expect(await sessionUser(page)).toBe('teacher1');
});

test('two devices: each adds its own passkey; the one removed signs nobody in, the other still does', async ({
  page,
}) => {
  const laptop = await addDevice(page);
  await signIn(page, 'teacher1');
  await addInSettings(page, '电脑');
  // The phone: another authenticator (the laptop's is taken away, as another device would not have it).
  await laptop.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
    authenticatorId: laptop.authenticatorId,
    enabled: false,
  });
  const laptopCredential = (await credentialsOf(laptop))[0]!;
  await laptop.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop.authenticatorId });
  const phone = await addDevice(page, laptop.cdp);
  // Still fresh from the password a minute ago: no second prompt.
  const section = await addInSettings(page, '手机', { password: false });
  const list = section.getByRole('list', { name: '我的通行密钥' });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await section.getByRole('button', { name: '删除 手机' }).click();
  await section.getByRole('button', { name: '确定删除' }).click();
  await expect(section.getByRole('status')).toHaveText('已删除通行密钥“手机”');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await signOut(page);
  await page.goto('/#/login');
  await passkeyButton(page).click();
  await expect(page.locator('edu-login-box').getByRole('status')).toHaveText(
    '此通行密钥未在本平台登记或已被删除，请使用密码登录',
  );
  expect(await sessionUser(page)).toBe(null);

  // The laptop's passkey (put back on this tab) still signs in.
  await phone.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: phone.authenticatorId });
  const laptopAgain = await addDevice(page, phone.cdp);
  await laptopAgain.cdp.send('WebAuthn.addCredential', {
    authenticatorId: laptopAgain.authenticatorId,
    credential: laptopCredential,
  });
  await passkeyButton(page).click();
  await expectLanded(page);
});

test('a cloned credential whose counter did not grow is refused', async ({ page }) => {
  const device = await addDevice(page);
  await signIn(page, 'teacher1');
  await addInSettings(page, '电脑');
  // A copy of the key taken now (as malware might export it), with the counter it has now.
  const copy = (await credentialsOf(device))[0]!;
  await signOut(page);
  await page.goto('/#/login');
  await passkeyButton(page).click();
  await expectLanded(page);
  expect((await credentialsOf(device))[0]!.signCount).toBeGreaterThan(copy.signCount);

  // The copy on another authenticator signs with the old counter.
  await device.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: device.authenticatorId });
  const clone = await addDevice(page, device.cdp);
  await clone.cdp.send('WebAuthn.addCredential', { authenticatorId: clone.authenticatorId, credential: copy });
  await signOut(page);
  await page.goto('/#/login');
  await passkeyButton(page).click();
  await expect(page.locator('edu-login-box').getByRole('status')).toHaveText('通行密钥验证失败，请重试');
  expect(await sessionUser(page)).toBe(null);
});

test('another site’s passkey is not offered, a refused verification is said, and the form stays usable', async ({
  page,
}) => {
  const device = await addDevice(page);
  // A passkey this device holds for another site, for the same account name.
  await device.cdp.send('WebAuthn.addCredential', {
    authenticatorId: device.authenticatorId,
    credential: {
      credentialId: Buffer.from('another-site-credential').toString('base64'),
      isResidentCredential: true,
      rpId: 'portal.example.com',
      privateKey: (await import('node:crypto'))
        .generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ format: 'der', type: 'pkcs8' })
        .toString('base64'),
      userHandle: Buffer.from('teacher1').toString('base64'),
      signCount: 0,
    },
  });
  await page.goto('/#/login');
  const box = page.locator('edu-login-box');
  await passkeyButton(page).click();
  await expect(box.getByRole('status')).toHaveText('未使用通行密钥：操作已取消，或此设备上没有本网站的通行密钥');
  expect(await sessionUser(page)).toBe(null);

  // The person does not pass the device's verification (or cancels it): said the same way.
  await device.cdp.send('WebAuthn.setUserVerified', { authenticatorId: device.authenticatorId, isUserVerified: false });
  await passkeyButton(page).click();
  await expect(box.getByRole('status')).toHaveText('未使用通行密钥：操作已取消，或此设备上没有本网站的通行密钥');
  await expect(passkeyButton(page)).toBeEnabled();

  // The password still signs in from the same form.
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expectLanded(page);
});

test('the login box and the settings section in en and zh-HK, by keyboard; axe in three languages', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await addDevice(page);
  await page.goto('/#/login');
  await chooseLanguage(page, '语言', 'zh-HK');
  await expect(page.locator('edu-login-box').getByRole('button', { name: '使用通行密鑰登入' })).toBeVisible();
  await expectAccessible(page, 'edu-login-box');
  await chooseLanguage(page, '語言', 'en');
  await expect(page.locator('edu-login-box').getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectAccessible(page, 'edu-login-box');
  await page.mouse.move(2, 2);
  await keepScreenshot(page, 'passkeys-login-box-en');
  await signIn(page, 'teacher1');
  await page.goto('/#/desktop/setting');
  // A new document: the host's login check finds the session the API call opened.
  await page.reload();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toBeVisible({ timeout: 15_000 });
  // By keyboard: Enter adds, the password prompt takes focus, Enter confirms.
  await section.getByLabel('Name of the new passkey').focus();
  await page.keyboard.type('Office computer');
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('Password', { exact: true })).toBeFocused();
  await expectAccessible(page, '.portal-passkeys');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Passkey “Office computer” added');
  await expectAccessible(page, '.portal-passkeys');
  await section.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'passkeys-settings-en');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
  const hk = page.getByRole('region', { name: '通行密鑰' });
  await expect(hk.getByRole('button', { name: '刪除 Office computer' })).toBeVisible();
  await expectAccessible(page, '.portal-passkeys');
});
